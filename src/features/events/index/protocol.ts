import type { Connection } from '../../../api/client'
import type { Event } from '../../../api/schemas/event'
import type { EventFilter, SearchRank } from '../model/filter'
import type { DaySummary, DrawnEvent } from '../model/day-digest'
import type { Placement, PlaceBy } from '../model/placement'

/*
 * The messages between the page and the index worker. The worker owns the events; the page asks
 * it questions and gets back only what it shows (a page of rows, counts, facets).
 *
 * A leaf: it imports only the contract and the model, never the index's modules, which all
 * import it. The types its messages carry (sort keys, missing ranges) are defined here.
 */

export interface IndexSettings {
  priorityOrder: readonly string[]
  completedStatus: string
  /** Above this many events the index is not built (runtime config `eventIndexLimit`). */
  limit: number
  /**
   * The display locale's first day of the week (0 Sunday … 6 Saturday), as the calendar has it:
   * "this week" of the filters and the team's load is the same week the calendar shows.
   */
  firstDay: number
}

/** The sort key that is no field (the model's, `../model/sort-value.ts`). */
export { COMPLETED_SORT } from '../model/sort-value'

/**
 * Any Event field; dates, priority and text are compared by meaning (see `sortEntries`). Also
 * `completed` (`COMPLETED_SORT`), which is no field: open events before completed ones
 * ascending (the model's `isCompleted`).
 */
export type SortField = string
export interface SortKey {
  field: SortField
  dir: 'asc' | 'desc'
}

/**
 * Events of the full load that could not be read (the service failed to send them): positions
 * in the list by ID, 1-based, both ends included; `to` null means "to the end".
 */
export interface MissingRange {
  from: number
  to: number | null
}

export interface QueryRequest {
  filter: EventFilter
  sort: readonly SortKey[]
  /** The page's clock, so "today" and "overdue" mean the same on both sides. */
  now: number
  offset: number
  limit: number
  /**
   * `relevance`: the best answers to the filter's text first (the model's `eventSearchRank`),
   * then the order of `sort`; the answer then carries each row's rank.
   */
  rank?: 'relevance'
}

export interface QueryAnswer {
  total: number
  rows: Event[]
  /** Each row's rank (0 best, see the model's `SEARCH_RANK`), for a `relevance` request. */
  ranks?: SearchRank[]
  /** Events in the index when it answered. */
  size: number
}

/**
 * What a calendar view draws over its days (the model's `dayDigest`), computed in the worker so
 * only that crosses to the page: each day's counts, the few events drawn, how many more.
 */
export interface CalendarRequest {
  filter: EventFilter
  /** The view's first local midnight and the one after its last day, wall-clock text. */
  from: string
  to: string
  by: PlaceBy
  now: number
  /** Events a day draws at most. */
  perDay: number
  /** An event to locate (one just moved): the answer says where it is and whether it is drawn. */
  locate?: number | undefined
}

export interface CalendarAnswer {
  days: DaySummary[]
  drawn: DrawnEvent[]
  /** Events placed in the view. */
  placed: number
  /** Events that pass the filter but have no date to be placed by. */
  unplaced: number
  located?: { placement: Placement; drawn: boolean } | null
  size: number
}

/** One day's events, most pressing first (the model's `dayEvents`): the day's list. */
export interface DayRequest {
  filter: EventFilter
  /** Any time of the day, wall-clock text. */
  day: string
  by: PlaceBy
  now: number
  offset: number
  limit: number
}

export interface DayAnswer {
  total: number
  rows: DrawnEvent[]
  size: number
}

/**
 * Search when the database is too large to index: the most recently changed events, read from
 * the service's pages (newest change first), searched for the words.
 */
export interface RecentSearchAnswer {
  rows: Event[]
  total: number
  /** How many of the most recently changed events were searched. */
  scanned: number
}

/** A calendar range to read ahead of the full load (see `fetchPlaceable`). */
export interface RangeRequest {
  from: string
  to: string
  by: PlaceBy
}

export interface Facets {
  types: [string, number][]
  statuses: [string, number][]
  users: [string, number][]
  groups: [number, number][]
  priorities: [string, number][]
}

/**
 * What the index leaves out: events the service sent that fail the contract (by ID;
 * `nameless` those without a readable ID) and ranges of the full load it failed to send.
 */
export interface IndexGaps {
  unreadable: number[]
  nameless: number
  missing: MissingRange[]
}

export const NO_GAPS: IndexGaps = { unreadable: [], nameless: 0, missing: [] }

export type ToWorker =
  | {
      type: 'start'
      connection: Connection
      settings: IndexSettings
      /** A calendar range read first, before the full load (the page opens on the calendar). */
      first?: RangeRequest & { call: number }
    }
  | { type: 'settings'; settings: IndexSettings }
  | { type: 'connection'; connection: Connection; call?: number; ok?: boolean }
  | { type: 'query'; call: number; request: QueryRequest }
  | { type: 'facets'; call: number }
  | { type: 'workload'; call: number; now: number }
  /** The IDs of every event matching a filter (numbers only: the page holds no 100,000 rows). */
  | { type: 'ids'; call: number; filter: EventFilter; now: number }
  /** The events of these IDs, as the index holds them (a bulk change reads them a batch at a time). */
  | { type: 'events'; call: number; ids: number[] }
  | { type: 'range'; call: number; from: string; to: string; by: 'dates' | 'reminder' }
  | { type: 'calendar'; call: number; request: CalendarRequest }
  | { type: 'day'; call: number; request: DayRequest }
  | { type: 'recent-search'; call: number; text: string; limit: number }
  /** The user just moved the calendar: the full load pauses this long, so the page draws first. */
  | { type: 'hold'; ms: number }
  | { type: 'upsert'; events: Event[] }
  | { type: 'remove'; ids: number[] }
  /** Picks up others' changes; with `call`, answered when done (before a bulk change or its undo). */
  | { type: 'sync'; call?: number }
  | { type: 'full-pass' }
  /** Reads everything again now (the user's Retry of a missing range); answered when done. */
  | { type: 'reread'; call: number }

export type IndexPhase = 'loading' | 'ready' | 'too-large' | 'error'

export type FromWorker =
  | { type: 'progress'; loaded: number }
  | { type: 'ready'; size: number; version: number; gaps: IndexGaps }
  | { type: 'too-large'; limit: number }
  | { type: 'error'; message: string }
  | { type: 'changed'; size: number; version: number; gaps: IndexGaps }
  | { type: 'unauthorized'; call: number }
  | { type: 'answer'; call: number; value: unknown }
  | { type: 'failed'; call: number; message: string }
