/// <reference lib="webworker" />
import { createApiClient, type Connection } from '@/api/client'
import { listEvents } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { createEventIndex, versionKey, type EventIndex } from './event-index'
import {
  fetchPlaceable,
  INDEX_PAGE_SIZE,
  loadAll,
  newestVersion,
  syncChanges,
  type FetchPage,
} from './load-index'
import type {
  FromWorker,
  IndexGaps,
  IndexSettings,
  MissingRange,
  RangeRequest,
  SortKey,
  ToWorker,
} from './protocol'

/*
 * The index's Web Worker: it reads every event of one database from the service, parses and
 * validates them (the contract's schemas) and answers the page's questions, so the page never
 * parses 100,000 events itself. It holds member data in memory only and dies with the session
 * (the page terminates it on sign-out, lock and database switch).
 */

declare const self: DedicatedWorkerGlobalScope

const post = (message: FromWorker) => self.postMessage(message)

let connection: Connection | null = null
let settings: IndexSettings | null = null
let index: EventIndex | null = null
/** Changes newer than this are picked up by the next sync (see `syncChanges`). */
let since: number | null = null
let ready = false
/** Ranges the last full pass could not read (the service failed to send them). */
let missing: MissingRange[] = []
/** The gaps as last told to the page, to tell it again only when they change. */
let toldGaps = ''
/** What the page re-queries on: bumped by every change to what the index holds or how it sorts. */
let generation = 0
let busy: Promise<unknown> = Promise.resolve()
/** The calendar's range reads in flight: the full load waits for them (the month first). */
let urgent: Promise<unknown> = Promise.resolve()
/** The page is drawing what the user just asked for: the full load waits until then. */
let heldUntil = 0
/** A hold is never longer than this, however often it is asked for. */
const MAX_HOLD_MS = 2000

async function waitWhileHeld(): Promise<void> {
  for (let wait = heldUntil - performance.now(); wait > 0; wait = heldUntil - performance.now())
    await new Promise((r) => setTimeout(r, Math.min(wait, MAX_HOLD_MS)))
}

/** The index prepares the list's next question in the task after a change or an answer. */
const PREPARE_AFTER_MS = 0

/** Range reads asked for (in flight, or done in the last minute) per index: asked once. */
let rangeReads = new WeakMap<EventIndex, Map<string, { at: number; read: Promise<boolean> }>>()
/** A range read is asked again after this long (a database too large to index is not synced). */
const RANGE_FRESH_MS = 60_000

// A 401 is the page's to answer (refresh, or the password over the page): ask, then retry once.
let calls = 0
const waiting = new Map<number, (ok: boolean) => void>()
const api = createApiClient(
  () => {
    if (!connection) throw new Error('The index has no connection yet.')
    return connection
  },
  {
    onUnauthorized: () =>
      new Promise<boolean>((resolve) => {
        const call = ++calls
        waiting.set(call, resolve)
        post({ type: 'unauthorized', call })
      }),
  },
)

const fetchPage: FetchPage = (page, pageSize, sortBy) =>
  listEvents(api, { page, pageSize, sortBy }, { database: connection?.database })

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The events could not be read.'

/** One fetching job at a time (the load, a sync, a full pass), in the order asked. */
function exclusive<T>(job: () => Promise<T>): Promise<T> {
  const run = busy.then(job, job)
  busy = run.catch(() => undefined)
  return run
}

/** A change made here (a write's answer, new settings), announced when it changed anything. */
function change(apply: (held: EventIndex) => void) {
  if (!index) return
  const before = index.version
  apply(index)
  announceChange(before)
}

function gapsOf(held: EventIndex): IndexGaps {
  const { ids, nameless } = held.unreadable()
  return { unreadable: ids, nameless, missing }
}

/** The order the list last asked for: what the index prepares when idle (see `prepareSoon`). */
let listSort: readonly SortKey[] | null = null
let preparing: ReturnType<typeof setTimeout> | undefined

/**
 * Soon after the index changed or answered the list (not while it loads), sorts the list's order
 * again and builds its word scan (`EventIndex.prepare`): the next keystroke only filters.
 */
function prepareSoon() {
  if (preparing !== undefined) return
  preparing = setTimeout(() => {
    preparing = undefined
    if (index && ready && listSort) index.prepare(listSort)
  }, PREPARE_AFTER_MS)
}

/** Tells the page when what the index holds, or what it leaves out, changed. */
function announceChange(before: number) {
  if (!index) return
  if (index.version !== before) prepareSoon()
  const gaps = gapsOf(index)
  const gapsKey = JSON.stringify(gaps)
  if (index.version === before && gapsKey === toldGaps) return
  toldGaps = gapsKey
  post({ type: 'changed', size: index.size, version: ++generation, gaps })
}

async function load(s: IndexSettings, first?: RangeRequest & { call: number }) {
  const fresh = createEventIndex(s)
  index = fresh
  ready = false
  missing = []
  // The calendar's range first: the full load below waits for it (see `urgent`).
  if (first) void answer(first.call, () => readRange(fresh, first))
  try {
    // One read tells whether the database is over the limit (the page just past it); the
    // watermark for the first sync is read beside it, before any page of the load.
    const [beyond, newest] = await Promise.all([
      fetchPage(Math.floor(s.limit / INDEX_PAGE_SIZE) + 1, INDEX_PAGE_SIZE, 'event_ID:asc'),
      newestVersion(fetchPage),
    ])
    if (beyond.records.length + beyond.unreadable.length > 0) {
      // Not built; what the calendar reads by range is still kept.
      post({ type: 'too-large', limit: s.limit })
      return
    }
    since = newest
    let last = 0
    const result = await loadAll(
      fresh,
      fetchPage,
      (loaded) => {
        const now = performance.now()
        if (now - last > 250) {
          last = now
          post({ type: 'progress', loaded })
        }
      },
      { gate: () => urgent.then(waitWhileHeld) },
    )
    ready = true
    missing = result.missing
    const gaps = gapsOf(fresh)
    toldGaps = JSON.stringify(gaps)
    post({ type: 'ready', size: fresh.size, version: ++generation, gaps })
    prepareSoon()
  } catch (error) {
    post({ type: 'error', message: messageOf(error) })
  }
}

/** The calendar's (and bulk changes') answers: loaded on their first question, not with the list. */
const calendarAnswers = () => import('./calendar-answers')

/** Answers with the calendar's answers (loaded on first use), or `empty` with no index yet. */
function withCalendarAnswers<T>(
  call: number,
  ask: (answers: Awaited<ReturnType<typeof calendarAnswers>>, held: EventIndex) => T,
  empty: T,
) {
  const held = index
  void answer(call, async () => (held ? ask(await calendarAnswers(), held) : empty))
}

async function answer(call: number, work: () => unknown | Promise<unknown>) {
  try {
    post({ type: 'answer', call, value: await work() })
  } catch (error) {
    post({ type: 'failed', call, message: messageOf(error) })
  }
}

/** Past the limit, search reads this many of the most recently changed events (a minute's worth). */
const RECENT_SEARCH_EVENTS = 5000
let recent: { at: number; read: Promise<Event[]> } | null = null

/** The most recently changed events, newest first, read again after a minute. */
function recentEvents(): Promise<Event[]> {
  if (recent && performance.now() - recent.at < RANGE_FRESH_MS) return recent.read
  const pages = Array.from({ length: RECENT_SEARCH_EVENTS / INDEX_PAGE_SIZE }, (_, i) =>
    fetchPage(i + 1, INDEX_PAGE_SIZE, 'update_Date:desc,event_ID:asc'),
  )
  const read = Promise.all(pages).then((all) => all.flatMap((p) => p.records))
  recent = { at: performance.now(), read }
  read.catch(() => (recent = null))
  return read
}

/**
 * Reads a calendar range ahead of the full load into `held` (once per range and minute; a no-op
 * once the index is complete). The full load waits while it runs.
 */
function readRange(held: EventIndex, range: RangeRequest): Promise<boolean> {
  if (ready && index === held) return Promise.resolve(true)
  const from = versionKey(range.from)
  const to = versionKey(range.to)
  if (from === null || to === null) return Promise.resolve(false)
  let reads = rangeReads.get(held)
  if (!reads) rangeReads.set(held, (reads = new Map()))
  const key = `${range.by}|${from}|${to}`
  const known = reads.get(key)
  if (known && performance.now() - known.at < RANGE_FRESH_MS) return known.read
  const reading = fetchPlaceable(fetchPage, range.by, from, to)
  urgent = Promise.all([urgent, reading]).catch(() => undefined)
  const read = reading.then((found) => {
    const before = held.version
    // Events the index already holds in this version or a newer one are left as they are.
    const fresher = (e: Event) => {
      const version = held.heldVersion(e.event_ID)
      return (
        version === undefined || (version ?? -Infinity) < (versionKey(e.update_Date) ?? -Infinity)
      )
    }
    // Read before the upsert: an unreadable event the index does not hold yet.
    const unheld = found.unreadable.filter(
      (u) => u.id === null || held.heldVersion(u.id) === undefined,
    )
    held.upsert(found.records.filter(fresher))
    held.markUnreadable(unheld)
    if (index === held) announceChange(before)
    return true
  })
  reads.set(key, { at: performance.now(), read })
  read.catch(() => reads.delete(key))
  return read
}

self.onmessage = ({ data: message }: MessageEvent<ToWorker>) => {
  switch (message.type) {
    case 'start':
      connection = message.connection
      settings = message.settings
      rangeReads = new WeakMap()
      recent = null
      void exclusive(() => load(message.settings, message.first))
      return
    case 'settings':
      settings = message.settings
      return change((held) => held.reconfigure(message.settings))
    case 'connection':
      connection = message.connection
      if (message.call !== undefined) {
        waiting.get(message.call)?.(message.ok ?? false)
        waiting.delete(message.call)
      }
      return
    case 'query':
      void answer(message.call, () => {
        if (!index) return { total: 0, rows: [], size: 0 }
        const { filter, sort, now, offset, limit, rank } = message.request
        const result = index.query(filter, sort, new Date(now), { offset, limit }, { rank })
        if (!rank) listSort = sort
        prepareSoon()
        return { ...result, size: index.size }
      })
      return
    case 'facets':
      void answer(message.call, () => {
        const f = index?.facets()
        return {
          types: [...(f?.types ?? [])],
          statuses: [...(f?.statuses ?? [])],
          users: [...(f?.users ?? [])],
          groups: [...(f?.groups ?? [])],
          priorities: [...(f?.priorities ?? [])],
        }
      })
      return
    case 'workload':
      void answer(message.call, () =>
        index ? index.workload(new Date(message.now)) : { people: [], groups: [] },
      )
      return
    case 'ids':
      void answer(message.call, () => index?.ids(message.filter, new Date(message.now)) ?? [])
      return
    case 'events':
      withCalendarAnswers(
        message.call,
        (answers, held) => answers.eventsAnswer(held, message.ids),
        [],
      )
      return
    case 'range':
      // The calendar's visible range, read ahead of the full load (a no-op once it is done).
      void answer(message.call, () => (index ? readRange(index, message) : true))
      return
    case 'calendar':
      withCalendarAnswers(
        message.call,
        (answers, held) =>
          answers.calendarAnswer(held, message.request, settings?.priorityOrder ?? []),
        { days: [], drawn: [], placed: 0, unplaced: 0, size: 0 },
      )
      return
    case 'day':
      withCalendarAnswers(
        message.call,
        (answers, held) => answers.dayAnswer(held, message.request, settings?.priorityOrder ?? []),
        { total: 0, rows: [], size: 0 },
      )
      return
    case 'recent-search':
      void answer(message.call, async () =>
        (await calendarAnswers()).recentSearchAnswer(
          await recentEvents(),
          message.text,
          message.limit,
          settings?.completedStatus ?? '',
        ),
      )
      return
    case 'hold':
      heldUntil = Math.max(heldUntil, performance.now() + Math.min(message.ms, MAX_HOLD_MS))
      return
    case 'upsert':
      return change((held) => held.upsert(message.events))
    case 'remove':
      return change((held) => held.remove(message.ids))
    case 'sync': {
      const call = message.call
      if (!ready) {
        if (call !== undefined) post({ type: 'answer', call, value: false })
        return
      }
      const synced = exclusive(async () => {
        const held = index
        if (!held) return false
        const before = held.version
        try {
          const result = await syncChanges(held, fetchPage, since)
          since = result.since
          announceChange(before)
          return true
        } catch {
          // A failed sync is retried by the next one; the index keeps what it has.
          return false
        }
      })
      if (call !== undefined) void answer(call, () => synced)
      return
    }
    case 'full-pass':
      void fullPass()
      return
    case 'reread':
      void answer(message.call, fullPass)
      return
  }
}

/** Reads everything again (deletions, events read again, ranges that failed before). */
function fullPass() {
  if (!ready || !settings) return Promise.resolve()
  return exclusive(async () => {
    const held = index
    if (!held) return
    const before = held.version
    try {
      const next = await newestVersion(fetchPage)
      const result = await loadAll(held, fetchPage)
      since = next
      if (index === held) missing = result.missing
    } catch {
      // Deletions wait for the next pass; the missing ranges stay as they were.
    }
    if (index === held) announceChange(before)
  })
}
