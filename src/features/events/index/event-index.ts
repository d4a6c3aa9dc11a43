import { parseServiceDate } from '../../../api/dates'
import type { UnreadableRecord } from '../../../api/records'
import type { Event } from '../../../api/schemas/event'
import { factsOf, type EventFacts } from '../model/facts'
import {
  compileFilter,
  dueWindow,
  eventSearchRank,
  matchesSearch,
  searchQuery,
  searchWords,
  type EventFilter,
  type SearchRank,
} from '../model/filter'
import { importanceOf } from '../model/priority'
import { countWorkload } from '../model/workload'
import { compareSortValues, sortValue } from '../model/sort-value'
import type { SortKey } from './protocol'
import { createTextScan, type TextScan } from './text-scan'

/*
 * The in-browser index of a database's events: every event, with the facts filters and sorts
 * need read once (the model's `EventFacts`), answering "which events match, in what order, how
 * many" without the service (which can only page and sort). What an event means (overdue,
 * snoozed, reminder due, where it sits on a calendar) is the model's (`../model/`): the index
 * only keeps the facts and asks the model's one filter. Pure and synchronous, so it runs in a
 * Web Worker as well as in tests. Memory only: it holds member data.
 */

export type { EventFilter }

export { COMPLETED_SORT } from '../model/sort-value'

export interface IndexOptions {
  /** Priority codes in the order of `GET /priorities` (the sandbox's: lowest first); ascending
   * sorts follow it, so descending puts the most important first. */
  priorityOrder: readonly string[]
  /** The status that means done (runtime config). */
  completedStatus: string
  /** The first day of "this week" (0 Sunday … 6 Saturday; Monday when not given). */
  firstDay?: number
}

/** Dates are kept as local wall-clock milliseconds: numbers compare fast and take little room. */
type Key = number | null

/** The held events in one order (`key`) as of one `version`, with the word scan of that order. */
interface SortedList {
  key: string
  version: number
  entries: Entry[]
  scan?: TextScan
  dues?: DueColumns
}

const scanOf = (list: SortedList) => createTextScan(list.entries.map((e) => e.words))

/**
 * Each entry's due date (NaN when none) and whether it is open, in the list's order, side by
 * side in typed arrays: a due filter skips the events outside its window (the model's
 * `dueWindow`) by reading these alone, not 100,000 objects scattered through memory.
 */
interface DueColumns {
  due: Float64Array
  open: Uint8Array
}

type DueWindow = NonNullable<ReturnType<typeof dueWindow>>

/** Whether the entry at `at` lies in the window (NaN, no due date, is in none). */
const dueIn = ({ due, open }: DueColumns, at: number, w: DueWindow) =>
  due[at]! >= w.from && due[at]! <= w.to && (!w.open || open[at] === 1)

/**
 * The entries inside the window that `matches` takes, in order: one plain loop over the columns
 * (a function of its own, so the engine compiles it for this alone), the filter asked only of
 * those inside.
 */
function inWindow(
  entries: readonly Entry[],
  { due, open }: DueColumns,
  { from, to, open: openOnly }: DueWindow,
  matches: (e: Entry) => boolean,
): Entry[] {
  const found: Entry[] = []
  for (let at = 0; at < entries.length; at++) {
    const d = due[at]!
    if (d >= from && d <= to && (!openOnly || open[at] === 1) && matches(entries[at]!))
      found.push(entries[at]!)
  }
  return found
}

function duesOf(list: SortedList): DueColumns {
  const due = new Float64Array(list.entries.length)
  const open = new Uint8Array(list.entries.length)
  list.entries.forEach(({ facts }, i) => {
    due[i] = facts.due ?? NaN
    open[i] = facts.completed ? 0 : 1
  })
  return { due, open }
}

/** Whether a word search has been run in this realm (see `prepare`). */
let searched = false

interface Entry {
  event: Event
  facts: EventFacts
  /** The subject folded for word search (the model's `searchWords`). */
  words: string
}

/** Sortable form of a service date (milliseconds kept), or null: a version, a sort key. */
export function versionKey(text: string | null | undefined): Key {
  const date = parseServiceDate(text)
  return date ? date.getTime() : null
}

/** The documented fields in one order, so every held event shares one shape (and less memory). */
const FIELDS = [
  'event_ID',
  'claim_Audit_Event',
  'completion_Date',
  'completion_Percent',
  'due_Date',
  'end_Date',
  'entry_Date',
  'entry_User',
  'event_Processor',
  'event_Type',
  'meta_Data',
  'next_Scheduled_Date',
  'next_Scheduled_Time',
  'priority',
  'process_Automation_Event',
  'reminder',
  'reminder_Event_ID',
  'reportSeries_Key',
  'start_Date',
  'status',
  'subject',
  'update_Date',
  'update_User',
  'userGroup_Key',
  'user_ID',
] as const
const KNOWN = new Set<string>(FIELDS)

export function createEventIndex(initial: IndexOptions) {
  let options = initial
  const entries = new Map<number, Entry>()
  /** Events the service sent that fail the contract: by ID, never held as events. */
  const unreadable = new Set<number>()
  /** Of those, how many had no readable ID either (counted by the last full pass). */
  let nameless = 0
  /** Bumped by every change, so a cached order is known to be out of date. */
  let version = 0
  /** The last order asked for, kept until the index changes: a filter change or a keystroke then
   * only filters an already sorted array. */
  let sorted: SortedList | null = null
  let importance = importanceOf(options.priorityOrder)
  const strings = new Map<string, string>()
  const intern = (text: unknown) => {
    if (typeof text !== 'string') return text
    const held = strings.get(text)
    if (held !== undefined) return held
    strings.set(text, text)
    return text
  }

  /**
   * The event with its fields in one order, the values that repeat across thousands of events
   * (users, types, statuses, priorities) held once each; unknown fields kept. Written
   * out as one literal (every held event gets the same shape at once, and nothing is allocated
   * on the way): the index compacts 100,000 events while it loads.
   */
  function compact(e: Event): Event {
    const out: Record<string, unknown> = {
      event_ID: e.event_ID,
      claim_Audit_Event: e.claim_Audit_Event,
      completion_Date: e.completion_Date,
      completion_Percent: e.completion_Percent,
      due_Date: e.due_Date,
      end_Date: e.end_Date,
      entry_Date: e.entry_Date,
      entry_User: intern(e.entry_User),
      event_Processor: intern(e.event_Processor),
      event_Type: intern(e.event_Type),
      meta_Data: e.meta_Data,
      next_Scheduled_Date: e.next_Scheduled_Date,
      next_Scheduled_Time: e.next_Scheduled_Time,
      priority: intern(e.priority),
      process_Automation_Event: e.process_Automation_Event,
      reminder: e.reminder,
      reminder_Event_ID: e.reminder_Event_ID,
      reportSeries_Key: e.reportSeries_Key,
      start_Date: e.start_Date,
      status: intern(e.status),
      subject: e.subject,
      update_Date: e.update_Date,
      update_User: intern(e.update_User),
      userGroup_Key: e.userGroup_Key,
      user_ID: intern(e.user_ID),
    } satisfies Record<(typeof FIELDS)[number], unknown>
    for (const k in e) if (!KNOWN.has(k)) out[k] = (e as Record<string, unknown>)[k]
    return out as Event
  }

  const entryOf = (raw: Event): Entry => {
    const event = compact(raw)
    return {
      event,
      facts: factsOf(event, options.completedStatus),
      words: searchWords(event),
    }
  }

  /** Every entry in the order of `sort`, then by ID (the model's `sortValue` and
   * `compareSortValues`): each key is read once per entry, not per comparison (100,000 entries
   * make about 1.7 million comparisons). */
  function sortEntries(sort: readonly SortKey[]): Entry[] {
    const keys = [...sort, { field: 'event_ID', dir: 'asc' } as const]
    const n = options.priorityOrder.length
    const rows = [...entries.values()].map((e) => ({
      e,
      v: keys.map((k) => sortValue(e, k.field, importance, n)),
    }))
    const dirs = keys.map((k) => (k.dir === 'asc' ? 1 : -1))
    rows.sort((a, b) => compareSortValues(a.v, b.v, dirs))
    return rows.map((r) => r.e)
  }

  /** The held events in the order of `sort`: kept until the index changes or another is asked. */
  function sortedBy(sort: readonly SortKey[]): SortedList {
    const key = JSON.stringify(sort)
    if (!sorted || sorted.key !== key || sorted.version !== version)
      sorted = { key, version, entries: sortEntries(sort) }
    return sorted
  }

  /**
   * The entries of a sorted list that match `filter` at `now`, in its order. Only candidates are
   * tested: with words to find, the events whose subject holds the longest word (or whose ID was
   * typed), found by the text scan in one pass; with a due date condition, those inside its
   * window (the due columns). The model's filter decides on them; of the text, it is asked only
   * what the scan has not shown already (the other words, when several were typed).
   */
  function matching(list: SortedList, filter: EventFilter, now: Date): Entry[] {
    const window = dueWindow(filter, now, options.firstDay)
    const dues = window ? (list.dues ??= duesOf(list)) : null
    const q = filter.text?.trim() ? searchQuery(filter.text) : null
    const longest = q?.words.reduce((a, b) => (b.length > a.length ? b : a), '') ?? ''
    const holding = longest === '' ? null : (list.scan ??= scanOf(list)).holding(longest)
    if (!holding) {
      const matches = compileFilter(filter, now, options.firstDay)
      return window ? inWindow(list.entries, dues!, window, matches) : list.entries.filter(matches)
    }
    // Every candidate holds the longest word, or is the event whose ID was typed.
    const typedId = q?.id != null ? entries.get(q.id) : undefined
    if (typedId) {
      const at = list.entries.indexOf(typedId)
      if (!holding.includes(at)) holding.splice(sortedIndex(holding, at), 0, at)
    }
    const rest = compileFilter({ ...filter, text: undefined }, now, options.firstDay)
    const words = q!.words.length > 1 ? q! : null
    const found: Entry[] = []
    for (const at of holding) {
      const e = list.entries[at]!
      if (dues && !dueIn(dues, at, window!)) continue
      if ((!words || matchesSearch(e, words)) && rest(e)) found.push(e)
    }
    return found
  }

  return {
    get size() {
      return entries.size
    },
    get: (eventId: number) => entries.get(eventId)?.event,
    /** Every event held with its facts, in no order: what the calendar's digest reads. */
    subjects: (): Iterable<Readonly<Entry>> => entries.values(),
    /** Adds or replaces events (a page loaded, a write's answer, a change picked up). */
    upsert(events: readonly Event[]) {
      for (const event of events) {
        entries.set(event.event_ID, entryOf(event))
        unreadable.delete(event.event_ID)
      }
      if (events.length) version++
    },
    remove(eventIds: Iterable<number>) {
      for (const id of eventIds) if (entries.delete(id) || unreadable.delete(id)) version++
    },
    /**
     * Events read since the last full pass that fail the contract: each leaves the index (a
     * version it held is out of date) and is listed as unreadable. Those without an ID are
     * counted by full passes only (`settleUnreadable`): a sync would count them again.
     */
    markUnreadable(records: readonly UnreadableRecord[]) {
      for (const { id } of records) {
        if (id === null) continue
        if (entries.delete(id) || !unreadable.has(id)) version++
        unreadable.add(id)
      }
    },
    /**
     * The end of a full pass, which marked the unreadable events it met as it read them: one
     * listed that it did not meet is taken off, unless `keep` (it lies in a range the pass could
     * not read). `nameless`: how many it met without a readable ID.
     */
    settleUnreadable(met: ReadonlySet<number>, count: number, keep: (id: number) => boolean) {
      for (const id of [...unreadable])
        if (!met.has(id) && !keep(id) && unreadable.delete(id)) version++
      if (count !== nameless) version++
      nameless = count
    },
    /** The unreadable events: their IDs (ascending) and how many had no readable ID. */
    unreadable() {
      return { ids: [...unreadable].sort((a, b) => a - b), nameless }
    },
    /** A new priority order or completed status: the held events are keyed again, not reloaded. */
    reconfigure(next: IndexOptions) {
      options = next
      importance = importanceOf(options.priorityOrder)
      for (const [id, e] of entries) entries.set(id, entryOf(e.event))
      version++
    },
    /** Changes with every upsert or removal that changed something. */
    get version() {
      return version
    },
    /** The version (`update_Date`) held of one event; undefined when the index holds none. */
    heldVersion: (eventId: number): Key | undefined => entries.get(eventId)?.facts.updated,
    /** Every event ID with the version (`update_Date`) the index holds. */
    versions(): Map<number, Key> {
      return new Map([...entries].map(([id, e]) => [id, e.facts.updated]))
    },
    /**
     * Gets ready, ahead of them, for the questions the list asks next in its order (the worker
     * calls it when idle, after the index changed or answered the list): the order sorted and
     * its word scan built, so the next keystroke or filter change only filters.
     */
    prepare(sort: readonly SortKey[]) {
      const list = sortedBy(sort)
      list.dues ??= duesOf(list)
      if (list.scan) return
      list.scan = scanOf(list)
      // The first word search in this realm is run here, answer dropped: the user's first
      // keystroke then runs at the speed of the later ones.
      const word = searched ? '' : list.entries[0]?.words.slice(0, 3).trim()
      searched = true
      if (word) matching(list, { text: word }, new Date())
    },

    /**
     * The matching events in order: `total` of them, `rows` from `offset`. With `rank:
     * 'relevance'` and a text filter, the best answers to the text come first (the model's
     * `eventSearchRank`: exact subject or ID, every word at a word start, words inside), each
     * rank in the order of `sort`; `ranks` then gives each row's.
     */
    query(
      filter: EventFilter,
      sort: readonly SortKey[],
      now: Date,
      page: { offset: number; limit: number } = { offset: 0, limit: Infinity },
      { rank }: { rank?: 'relevance' | undefined } = {},
    ): { total: number; rows: Event[]; ranks?: SearchRank[] } {
      const found = matching(sortedBy(sort), filter, now)
      const window = <T>(list: T[]) => list.slice(page.offset, page.offset + page.limit)
      if (rank !== 'relevance' || !filter.text?.trim())
        return { total: found.length, rows: window(found).map((e) => e.event) }
      // Ranks are a few small numbers: one bucket each keeps the sort's order within a rank.
      const q = searchQuery(filter.text)
      const buckets: Entry[][] = [[], [], []]
      for (const e of found) buckets[eventSearchRank(e, q) ?? 2]!.push(e)
      const [exact, starts] = [buckets[0]!.length, buckets[0]!.length + buckets[1]!.length]
      const rankAt = (i: number): SearchRank => (i < exact ? 0 : i < starts ? 1 : 2)
      const shown = window(buckets.flat())
      return {
        total: found.length,
        rows: shown.map((e) => e.event),
        ranks: shown.map((_, i) => rankAt(page.offset + i)),
      }
    },
    /** Open work per person and per group (the model's `countWorkload`). */
    workload: (now: Date) => countWorkload(entries.values(), now, options.firstDay),
    /**
     * The IDs of every matching event, in no particular order: what "select all matching" holds
     * (numbers, never the events themselves).
     */
    ids(filter: EventFilter, now: Date): number[] {
      const matches = compileFilter(filter, now, options.firstDay)
      const out: number[] = []
      for (const [id, e] of entries) if (matches(e)) out.push(id)
      return out
    },
    /** The events of these IDs that the index holds, in the order asked. */
    events(eventIds: readonly number[]): Event[] {
      return eventIds.flatMap((id) => {
        const e = entries.get(id)
        return e ? [e.event] : []
      })
    },
    /** The values in use, with how many events hold each: what pickers and filters offer. */
    facets() {
      const count = <K>(map: Map<K, number>, key: K | null | undefined) => {
        if (key === null || key === undefined || key === '') return
        map.set(key, (map.get(key) ?? 0) + 1)
      }
      const types = new Map<string, number>()
      const statuses = new Map<string, number>()
      const users = new Map<string, number>()
      const groups = new Map<number, number>()
      const priorities = new Map<string, number>()
      for (const { event } of entries.values()) {
        count(priorities, event.priority)
        count(types, event.event_Type)
        count(statuses, event.status)
        count(users, event.user_ID)
        count(groups, event.userGroup_Key)
      }
      return { types, statuses, users, groups, priorities }
    },
  }
}

export type EventIndex = ReturnType<typeof createEventIndex>

/** Where `value` goes in an ascending list to keep it ascending. */
function sortedIndex(list: readonly number[], value: number): number {
  let [lo, hi] = [0, list.length]
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
