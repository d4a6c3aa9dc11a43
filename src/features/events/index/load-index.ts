import { ApiError, NetworkError, ResponseShapeError } from '@/api/errors'
import type { RecordList, UnreadableRecord } from '@/api/records'
import type { Event } from '@/api/schemas/event'
import { versionKey, type EventIndex } from './event-index'
import type { MissingRange } from './protocol'

/**
 * Reads one page of `GET /events` (1-based) in the given order: the events that pass the
 * contract, and those that do not (by ID and field names; see `src/api/records.ts`).
 */
export type FetchPage = (page: number, pageSize: number, sortBy: string) => Promise<EventPage>
export type EventPage = RecordList<Event>

/** The largest page the service gives: the fewest round trips. */
export const INDEX_PAGE_SIZE = 1000
/** Pages in flight at once while loading. */
export const INDEX_CONCURRENCY = 3
/** A failed page is asked again once, after this pause. */
export const RETRY_DELAY_MS = 1000
/** This many pages in a row that could not be read at all end the load: the service is failing. */
export const MAX_FAILED_IN_A_ROW = 3
/** A stable order for the full pass, so paging never skips or repeats an event. */
const BY_ID = 'event_ID:asc'

/** How many events a page held, readable or not: a page is short (the last) by this count. */
const sizeOf = (page: EventPage) => page.records.length + page.unreadable.length

export interface LoadResult {
  /** IDs of the events read (readable ones). */
  seen: Set<number>
  /** Ranges the service failed to send, after a retry and smaller pages. */
  missing: MissingRange[]
}

/** Worth asking again: no answer, a server failure, or an answer that was not a page at all. */
function retryable(error: unknown): boolean {
  if (error instanceof NetworkError) return error.kind !== 'aborted'
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429
  return error instanceof ResponseShapeError
}

/**
 * Loads every event into `index`, page by page in ID order, a few pages in flight, until a page
 * comes back short. Events that fail the contract are left out and listed as unreadable
 * (`index.unreadable()`). A page the service fails to send (a 5xx, no answer) is asked again,
 * then read in pages a tenth the size covering the same range (and so on while some of them
 * come back), and what still fails is a missing range; the rest of the load goes on. Only when
 * several pages in a row fail entirely does the load stop (and fail, if it read nothing).
 * Returns the IDs it saw and the missing ranges. An ID the index holds that the pass did not see
 * was deleted meanwhile and is removed, unless it lies between the IDs around a missing range.
 */
export async function loadAll(
  index: EventIndex,
  fetchPage: FetchPage,
  onProgress: (loaded: number) => void = () => {},
  {
    pageSize = INDEX_PAGE_SIZE,
    concurrency = INDEX_CONCURRENCY,
    /** Waited for before each page: something more urgent (the calendar's range) goes first. */
    gate = (): Promise<void> | void => undefined,
    retryDelayMs = RETRY_DELAY_MS,
  } = {},
): Promise<LoadResult> {
  const seen = new Set<number>()
  /** Unreadable events met (marked in the index as met, so a deletion meanwhile stands). */
  const unreadable = new Set<number>()
  let nameless = 0
  const missing: MissingRange[] = []
  /** What each page read held: positions [start, end) and the lowest and highest ID in it. */
  const spans: { start: number; end: number; low: number; high: number }[] = []
  const failedPages = new Set<number>()
  let lastError: unknown = null
  /** Where the list ends (the first short page's end), once known. */
  let endsAt = Infinity
  /** The first page of a run of pages that failed entirely, when such a run stopped the load. */
  let stoppedAt: number | null = null
  let next = 1
  let done = false

  const take = (start: number, page: EventPage) => {
    index.upsert(page.records)
    const ids: number[] = []
    for (const e of page.records) {
      seen.add(e.event_ID)
      ids.push(e.event_ID)
    }
    index.markUnreadable(page.unreadable)
    for (const u of page.unreadable) {
      if (u.id === null) nameless++
      else {
        ids.push(u.id)
        unreadable.add(u.id)
      }
    }
    if (ids.length)
      spans.push({
        start,
        end: start + sizeOf(page),
        low: Math.min(...ids),
        high: Math.max(...ids),
      })
  }

  /** One page (`start` a multiple of `size`), asked twice. */
  const attempt = async (start: number, size: number) => {
    for (let tries = 1; ; tries++) {
      try {
        return await fetchPage(start / size + 1, size, BY_ID)
      } catch (error) {
        if (!retryable(error)) throw error
        lastError = error
        if (tries >= 2) return null
        if (retryDelayMs > 0) await new Promise((r) => setTimeout(r, retryDelayMs))
      }
    }
  }

  /**
   * Reads the events at positions [start, start + size) in pages a tenth the size, after the
   * whole could not be read. A part that fails is read smaller again while others came back;
   * when none did, the whole span is missing.
   */
  const readSmaller = async (start: number, size: number) => {
    const part = size >= 10 && size % 10 === 0 ? size / 10 : 0
    const whole = { read: false, end: null as number | null }
    if (!part) {
      missing.push({ from: start + 1, to: start + size })
      return whole
    }
    const failed: number[] = []
    for (let at = start; at < start + size; at += part) {
      const page = await attempt(at, part)
      if (!page) {
        failed.push(at)
        continue
      }
      take(at, page)
      whole.read = true
      if (sizeOf(page) < part) {
        whole.end = at + sizeOf(page)
        break
      }
    }
    if (!whole.read) missing.push({ from: start + 1, to: start + size })
    else for (const at of failed) await readSmaller(at, part)
    return whole
  }

  const worker = async () => {
    while (!done) {
      await gate()
      if (done) return
      const pageNumber = next++
      const start = (pageNumber - 1) * pageSize
      const page = await attempt(start, pageSize)
      let end: number | null = null
      if (page) {
        take(start, page)
        if (sizeOf(page) < pageSize) end = start + sizeOf(page)
      } else {
        const smaller = await readSmaller(start, pageSize)
        end = smaller.end
        if (!smaller.read) {
          failedPages.add(pageNumber)
          const run = (from: number) =>
            Array.from({ length: MAX_FAILED_IN_A_ROW }, (_, i) => from + i).every((p) =>
              failedPages.has(p),
            )
          for (let from = pageNumber - MAX_FAILED_IN_A_ROW + 1; from <= pageNumber; from++)
            if (run(from)) {
              stoppedAt = Math.min(stoppedAt ?? Infinity, from)
              done = true
            }
        }
      }
      onProgress(seen.size)
      if (end !== null) {
        endsAt = Math.min(endsAt, end)
        done = true
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))

  if (stoppedAt !== null && spans.length === 0 && nameless === 0) throw lastError
  const ranges = settleRanges(
    missing,
    endsAt,
    stoppedAt === null ? null : (stoppedAt - 1) * pageSize,
  )
  // Between the IDs read just before and just after a missing range lie the events it holds.
  const gaps = ranges.map((range) => ({
    low: Math.max(0, ...spans.filter((s) => s.end <= range.from - 1).map((s) => s.high)),
    high:
      range.to === null
        ? Infinity
        : Math.min(Infinity, ...spans.filter((s) => s.start >= range.to!).map((s) => s.low)),
  }))
  const unseen = (id: number) => gaps.some((g) => id > g.low && id < g.high)
  const gone = [...index.versions().keys()].filter((id) => !seen.has(id) && !unseen(id))
  index.remove(gone)
  index.settleUnreadable(unreadable, nameless, unseen)
  return { seen, missing: ranges }
}

/**
 * Missing ranges in order, adjacent ones joined, nothing past the end of the list; when a run of
 * failed pages stopped the load at position `openFrom` (0-based), everything from there on.
 */
function settleRanges(
  missing: readonly MissingRange[],
  endsAt: number,
  openFrom: number | null,
): MissingRange[] {
  const out: MissingRange[] = []
  const sorted = [...missing].sort((a, b) => a.from - b.from)
  for (const range of sorted) {
    if (openFrom !== null && range.from > openFrom) break
    if (range.from > endsAt) break
    const to = range.to === null ? null : Math.min(range.to, endsAt)
    const last = out.at(-1)
    if (last && last.to !== null && last.to + 1 >= range.from)
      last.to = to === null ? null : Math.max(last.to, to)
    else out.push({ from: range.from, to })
  }
  if (openFrom !== null) {
    const last = out.at(-1)
    if (last && last.to !== null && last.to >= openFrom) last.to = null
    else out.push({ from: openFrom + 1, to: null })
  }
  return out
}

/**
 * The newest version the service holds now (the first readable event by `update_Date` newest
 * first). When the newest is unreadable, a few more are read and the first readable one is taken:
 * an older watermark only means a few events read again by the next sync.
 */
export async function newestVersion(fetchPage: FetchPage): Promise<number | null> {
  let page = await fetchPage(1, 1, BY_UPDATE)
  if (page.records.length === 0 && page.unreadable.length > 0)
    page = await fetchPage(1, SYNC_PAGE_SIZE, BY_UPDATE)
  return versionKey(page.records[0]?.update_Date)
}

const BY_UPDATE = 'update_Date:desc'

/**
 * Picks up changes made since `since` (a version from `newestVersion`, taken before the load or
 * the previous sync started) without reloading: reads pages sorted by `update_Date` newest first
 * until an event older than `since`. Events stamped exactly `since` are read again (a stamp can
 * be shared), which costs a few known events, never a missed one. An event that now fails the
 * contract leaves the index and is listed as unreadable. Returns the new or changed events
 * (already in the index) and the version to pass next time. Deletions are not seen here: the
 * periodic full pass (`loadAll`) and 404s take them out.
 */
export async function syncChanges(
  index: EventIndex,
  fetchPage: FetchPage,
  since: number | null,
  { pageSize = SYNC_PAGE_SIZE } = {},
): Promise<{ changed: Event[]; since: number | null }> {
  const changed: Event[] = []
  const unreadable: UnreadableRecord[] = []
  let next = since
  read: for (let page = 1; ; page++) {
    const { records: events, unreadable: bad } = await fetchPage(page, pageSize, BY_UPDATE)
    // Their dates cannot be read: they neither move the watermark nor end the reading.
    unreadable.push(...bad)
    for (const event of events) {
      const version = versionKey(event.update_Date)
      if (page === 1 && event === events[0]) next = version ?? since
      if (since !== null && (version === null || version < since)) break read
      if (index.heldVersion(event.event_ID) !== version) changed.push(event)
    }
    if (events.length + bad.length < pageSize) break
  }
  index.upsert(changed)
  index.markUnreadable(unreadable)
  return { changed, since: next }
}

/** Changes are few between two syncs: a small first page answers most of them in one read. */
export const SYNC_PAGE_SIZE = 100

/** Pages read at once by a range read (the calendar waits for them). */
export const RANGE_CONCURRENCY = 4
/** Positions probed at once while looking for where a range starts and ends. */
const PROBES_AT_ONCE = 7

/** What a probe found at a position: a key, an empty date, an unreadable event, or the end. */
type Probed = number | null | 'unreadable' | undefined

/**
 * The list in one order, probed one event at a time (each position asked once, several at once)
 * to find where keys reach a bound, to the page: the search never needs to know the list's length.
 */
function listProbe(fetchPage: FetchPage, sortBy: string, key: (e: Event) => number | null) {
  const asked = new Map<number, Promise<Probed>>()
  const at = (position: number) => {
    let probe = asked.get(position)
    if (!probe) {
      probe = fetchPage(position + 1, 1, sortBy).then(({ records, unreadable }) => {
        const [e] = records
        return e ? key(e) : unreadable.length ? ('unreadable' as const) : undefined
      })
      asked.set(position, probe)
    }
    return probe
  }
  /**
   * The smallest page step `j` whose first position (`j * pageSize`) `reaches`: the first
   * position that reaches lies in `((j - 1) * pageSize, j * pageSize]`. Steps 0, 1, 2, 4, 8…
   * are asked a few at a time until one reaches (past the end always does), then the gap is cut
   * in eight at each round.
   */
  const firstStep = async (reaches: (k: Probed) => boolean, pageSize: number) => {
    const steps = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]
    let lo = -1
    let hi = -1
    for (let i = 0; i < steps.length && hi < 0; i += 4) {
      const batch = steps.slice(i, i + 4)
      const keys = await Promise.all(batch.map((s) => at(s * pageSize)))
      const j = keys.findIndex(reaches)
      if (j >= 0) {
        hi = batch[j]!
        lo = j > 0 ? batch[j - 1]! : i > 0 ? steps[i - 1]! : -1
      }
    }
    if (hi < 0) return steps.at(-1)! * 2 // beyond 4 million events: everything up to there
    if (lo < 0) return hi
    while (hi - lo > 1) {
      const n = Math.min(PROBES_AT_ONCE, hi - lo - 1)
      const mids = [
        ...new Set(
          Array.from({ length: n }, (_, k) => lo + Math.ceil(((k + 1) * (hi - lo)) / (n + 1))),
        ),
      ].filter((m) => m > lo && m < hi)
      const keys = await Promise.all(mids.map((m) => at(m * pageSize)))
      const j = keys.findIndex(reaches)
      if (j < 0) lo = mids.at(-1)!
      else {
        hi = mids[j]!
        if (j > 0) lo = mids[j - 1]!
      }
    }
    return hi
  }
  return { firstStep }
}

/** Reads the given pages (1-based), a few at a time, keeping the events `keep` says. */
async function readPages(
  fetchPage: FetchPage,
  pages: readonly number[],
  pageSize: number,
  sortBy: string,
  keep: (e: Event) => boolean,
  concurrency: number,
): Promise<RecordList<Event>> {
  const records: Event[] = []
  const unreadable: UnreadableRecord[] = []
  let next = 0
  const worker = async () => {
    while (next < pages.length) {
      const page = await fetchPage(pages[next++]!, pageSize, sortBy)
      unreadable.push(...page.unreadable)
      for (const e of page.records) if (keep(e)) records.push(e)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { records, unreadable }
}

const dateKey = (field: string) => (e: Event) =>
  versionKey((e as Record<string, unknown>)[field] as string | null)

/**
 * The pages (1-based) of the list sorted by `field` ascending (empty dates first) that hold the
 * events whose `field` falls in `[from, to)`, found with a few rounds of one-event probes: the
 * page where the range starts and the page where it ends, then every page between.
 */
async function rangePages(
  probe: ReturnType<typeof listProbe>,
  from: number,
  to: number,
  pageSize: number,
): Promise<number[]> {
  // An unreadable event counts as reaching `from` and not reaching `to`: the read only grows.
  const reaches = (bound: number, unreadable: boolean) => (k: Probed) =>
    k === 'unreadable' ? unreadable : k === undefined || (k !== null && k >= bound)
  const [first, last] = await Promise.all([
    probe.firstStep(reaches(from, true), pageSize),
    probe.firstStep(reaches(to, false), pageSize),
  ])
  const pages: number[] = []
  for (let page = Math.max(1, first); page <= last; page++) pages.push(page)
  return pages
}

/**
 * The events whose `field` (a date) falls in `[from, to)` (wall-clock milliseconds), without
 * loading the rest: in the list sorted by `field` ascending (empty dates first), the pages where
 * the range starts and ends are found by probing one event at a time, several positions at once
 * (a handful of rounds, whatever the list's length); then only the pages between are read, a few
 * in flight. An unreadable event met by a probe counts as reaching `from` and not reaching `to`,
 * so the range read can only grow; the unreadable events of the pages read are returned beside.
 */
export async function fetchRange(
  fetchPage: FetchPage,
  field: string,
  from: number,
  to: number,
  { pageSize = INDEX_PAGE_SIZE, concurrency = RANGE_CONCURRENCY } = {},
): Promise<RecordList<Event>> {
  const sortBy = `${field}:asc,event_ID:asc`
  const key = dateKey(field)
  const pages = await rangePages(listProbe(fetchPage, sortBy, key), from, to, pageSize)
  const inRange = (e: Event) => {
    const k = key(e)
    return k !== null && k >= from && k < to
  }
  return readPages(fetchPage, pages, pageSize, sortBy, inRange, concurrency)
}

/** Events without a due date read whole (they are placed by start and end) up to this many. */
export const UNDATED_READ_LIMIT = 20_000
/** Without the whole set: spans that start up to this long before a range may reach into it. */
const SPAN_LOOKBACK_MS = 31 * 24 * 60 * 60 * 1000

/**
 * Every event a calendar may place in `[from, to)` (wall-clock milliseconds), as the model
 * places them (`placementOf`), read before the rest of the index. By dates: first the tasks due
 * in the range, in due-date order; then the events with no due date (placed by start and end),
 * which sort first in that order: all of them while they are at most `UNDATED_READ_LIMIT`, else
 * those starting up to a month before the range. By reminder: the events whose next reminder
 * falls in the range.
 */
export async function fetchPlaceable(
  fetchPage: FetchPage,
  by: 'dates' | 'reminder',
  from: number,
  to: number,
  { pageSize = INDEX_PAGE_SIZE, concurrency = RANGE_CONCURRENCY } = {},
): Promise<RecordList<Event>> {
  if (by === 'reminder')
    return fetchRange(fetchPage, 'next_Scheduled_Date', from, to, { pageSize, concurrency })
  const sortBy = 'due_Date:asc,event_ID:asc'
  const due = dateKey('due_Date')
  const probe = listProbe(fetchPage, sortBy, due)
  const [dated, undatedEnd] = await Promise.all([
    rangePages(probe, from, to, pageSize),
    // The first dated position: the events before it have no due date (unreadable: read them).
    probe.firstStep((k) => k !== null && k !== 'unreadable', pageSize),
  ])
  const undated = undatedEnd <= Math.ceil(UNDATED_READ_LIMIT / pageSize)
  const pages = [...dated]
  if (undated)
    for (let page = 1; page <= undatedEnd; page++) if (!dated.includes(page)) pages.push(page)
  const inRange = (e: Event) => {
    const k = due(e)
    return k === null ? undated : k >= from && k < to
  }
  const found = await readPages(fetchPage, pages, pageSize, sortBy, inRange, concurrency)
  if (undated) return found
  const starting = await fetchRange(fetchPage, 'start_Date', from - SPAN_LOOKBACK_MS, to, {
    pageSize,
    concurrency,
  })
  return {
    records: [...found.records, ...starting.records.filter((e) => due(e) === null)],
    unreadable: [...found.unreadable, ...starting.unreadable],
  }
}
