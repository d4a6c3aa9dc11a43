import type { Connection } from '@/api/client'
import type { Event } from '@/api/schemas/event'
import type { SearchRank } from '../model/filter'
import type { EventFilter, SortKey } from './event-index'
import type { MissingRange } from './load-index'

/*
 * The messages between the page and the index worker. The worker owns the events; the page asks
 * it questions and gets back only what it shows (a page of rows, counts, facets).
 */

export interface IndexSettings {
  priorityOrder: readonly string[]
  completedStatus: string
  /** Above this many events the index is not built (runtime config `eventIndexLimit`). */
  limit: number
}

/**
 * The sort key that is no field: completed or not, open first ascending (the model's
 * `isCompleted`). Here, not in the index, so the list's own code names it without the index.
 */
export const COMPLETED_SORT = 'completed'

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

export interface Facets {
  types: [string, number][]
  statuses: [string, number][]
  users: [string, number][]
  groups: [number, number][]
  priorities: [string, number][]
}

/**
 * What the index leaves out (issue 23): events the service sent that fail the contract (by ID;
 * `nameless` those without a readable ID) and ranges of the full load it failed to send.
 */
export interface IndexGaps {
  unreadable: number[]
  nameless: number
  missing: MissingRange[]
}

export const NO_GAPS: IndexGaps = { unreadable: [], nameless: 0, missing: [] }

export type ToWorker =
  | { type: 'start'; connection: Connection; settings: IndexSettings }
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
