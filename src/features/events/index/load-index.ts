import type { Event } from '@/api/schemas/event'
import { versionKey, type EventIndex } from './event-index'

/** Reads one page of `GET /events` (1-based) in the given order. */
export type FetchPage = (page: number, pageSize: number, sortBy: string) => Promise<Event[]>

/** The largest page the service gives: the fewest round trips. */
export const INDEX_PAGE_SIZE = 1000
/** Pages in flight at once while loading. */
export const INDEX_CONCURRENCY = 3
/** A stable order for the full pass, so paging never skips or repeats an event. */
const BY_ID = 'event_ID:asc'

/**
 * Loads every event into `index`, page by page in ID order, a few pages in flight, until a page
 * comes back short. Returns the IDs it saw (the full pass: an ID the index holds but the pass
 * did not see was deleted meanwhile, and is removed).
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
  } = {},
): Promise<Set<number>> {
  const seen = new Set<number>()
  let next = 1
  let done = false
  const worker = async () => {
    while (!done) {
      await gate()
      if (done) return
      const page = next++
      const events = await fetchPage(page, pageSize, BY_ID)
      index.upsert(events)
      for (const e of events) seen.add(e.event_ID)
      onProgress(seen.size)
      if (events.length < pageSize) done = true
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const gone = [...index.versions().keys()].filter((id) => !seen.has(id))
  index.remove(gone)
  return seen
}

/** The newest version the service holds now (the first event by `update_Date` newest first). */
export async function newestVersion(fetchPage: FetchPage): Promise<number | null> {
  const [newest] = await fetchPage(1, 1, BY_UPDATE)
  return versionKey(newest?.update_Date)
}

const BY_UPDATE = 'update_Date:desc'

/**
 * Picks up changes made since `since` (a version from `newestVersion`, taken before the load or
 * the previous sync started) without reloading: reads pages sorted by `update_Date` newest first
 * until an event older than `since`. Events stamped exactly `since` are read again (a stamp can
 * be shared), which costs a few known events, never a missed one. Returns the new or changed
 * events (already in the index) and the version to pass next time. Deletions are not seen here:
 * the periodic full pass (`loadAll`) and 404s take them out.
 */
export async function syncChanges(
  index: EventIndex,
  fetchPage: FetchPage,
  since: number | null,
  { pageSize = SYNC_PAGE_SIZE } = {},
): Promise<{ changed: Event[]; since: number | null }> {
  const known = index.versions()
  const changed: Event[] = []
  let next = since
  read: for (let page = 1; ; page++) {
    const events = await fetchPage(page, pageSize, BY_UPDATE)
    for (const event of events) {
      const version = versionKey(event.update_Date)
      if (page === 1 && event === events[0]) next = version ?? since
      if (since !== null && (version === null || version < since)) break read
      if (known.get(event.event_ID) !== version) changed.push(event)
    }
    if (events.length < pageSize) break
  }
  index.upsert(changed)
  return { changed, since: next }
}

/** Changes are few between two syncs: a small first page answers most of them in one read. */
export const SYNC_PAGE_SIZE = 100

/**
 * The events whose `field` (a date) falls in `[from, to)` (wall-clock milliseconds), without
 * loading the rest. In the list sorted by `field` ascending (empty dates first), the positions of
 * the first event at or after `from` and the first at or after `to` are found by binary search,
 * probing one event at a time (pages of one); then only the pages between them are read, a few in
 * flight. About 2 × log2(events) tiny reads and the range's own pages, instead of every page.
 */
export async function fetchRange(
  fetchPage: FetchPage,
  field: string,
  from: number,
  to: number,
  { pageSize = INDEX_PAGE_SIZE, concurrency = INDEX_CONCURRENCY } = {},
): Promise<Event[]> {
  const sortBy = `${field}:asc,event_ID:asc`
  const key = (e: Event) => versionKey((e as Record<string, unknown>)[field] as string | null)
  /** The key at a position (0-based); undefined past the end. */
  const probe = async (position: number) => {
    const [e] = await fetchPage(position + 1, 1, sortBy)
    return e ? key(e) : undefined
  }
  /** The first position whose key is at or after `bound` (empty keys sort before any). */
  const firstAtOrAfter = async (bound: number) => {
    const reaches = (k: number | null | undefined) => k === undefined || (k !== null && k >= bound)
    let lo = 0
    let hi = 0
    while (!reaches(await probe(hi))) {
      lo = hi + 1
      hi = hi * 2 + 1
    }
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2)
      if (reaches(await probe(mid))) hi = mid
      else lo = mid + 1
    }
    return lo
  }
  const [start, end] = await Promise.all([firstAtOrAfter(from), firstAtOrAfter(to)])
  if (end <= start) return []
  const pages: number[] = []
  for (let page = Math.floor(start / pageSize) + 1; (page - 1) * pageSize < end; page++)
    pages.push(page)
  const found: Event[] = []
  let next = 0
  const worker = async () => {
    while (next < pages.length) {
      const events = await fetchPage(pages[next++]!, pageSize, sortBy)
      for (const e of events) {
        const k = key(e)
        if (k !== null && k >= from && k < to) found.push(e)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return found
}
