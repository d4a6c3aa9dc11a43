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
  { pageSize = INDEX_PAGE_SIZE, concurrency = INDEX_CONCURRENCY } = {},
): Promise<Set<number>> {
  const seen = new Set<number>()
  let next = 1
  let done = false
  const worker = async () => {
    while (!done) {
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
 * The events whose `field` (a date) falls in `[from, to)` (wall-clock milliseconds), without loading the rest: the first page
 * that reaches `from` is found by binary search over page numbers of the list sorted by `field`
 * ascending (empty dates first), then pages are read until one passes `to`. About log2(pages) + the
 * pages of the range requests, instead of every page.
 */
export async function fetchRange(
  fetchPage: FetchPage,
  field: string,
  from: number,
  to: number,
  { pageSize = INDEX_PAGE_SIZE } = {},
): Promise<Event[]> {
  const sortBy = `${field}:asc,event_ID:asc`
  const key = (e: Event) => versionKey((e as Record<string, unknown>)[field] as string | null)
  // (Keys are local wall-clock milliseconds, as `versionKey` gives them.)
  const cache = new Map<number, Event[]>()
  const read = async (page: number) => {
    let events = cache.get(page)
    if (!events) cache.set(page, (events = await fetchPage(page, pageSize, sortBy)))
    return events
  }
  // The last page whose first event is before `from` (or page 1): the range starts on it.
  const [first] = await read(1)
  if (!first) return []
  const reaches = (events: Event[]) => {
    const last = events.at(-1)
    const k = last ? key(last) : null
    return !last || (k !== null && k >= from)
  }
  let lo = 1
  let hi = 1
  // Gallop to a page that reaches `from`, then halve.
  while (!reaches(await read(hi))) {
    lo = hi + 1
    hi *= 2
  }
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (reaches(await read(mid))) hi = mid
    else lo = mid + 1
  }
  const found: Event[] = []
  for (let page = lo; ; page++) {
    const events = await read(page)
    for (const e of events) {
      const k = key(e)
      if (k !== null && k >= to) return found
      if (k !== null && k >= from) found.push(e)
    }
    if (events.length < pageSize) return found
  }
}
