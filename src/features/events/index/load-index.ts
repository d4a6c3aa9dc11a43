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

/**
 * Picks up changes made since the index was filled, without reloading it: reads pages sorted by
 * `update_Date` newest first and stops at the first event whose version the index already holds
 * (everything after it is older). Returns the events that were new or changed. Deletions are not
 * seen here: the periodic full pass (`loadAll`) and 404s take them out.
 */
export async function syncChanges(
  index: EventIndex,
  fetchPage: FetchPage,
  { pageSize = INDEX_PAGE_SIZE } = {},
): Promise<Event[]> {
  const known = index.versions()
  const changed: Event[] = []
  for (let page = 1; ; page++) {
    const events = await fetchPage(page, pageSize, 'update_Date:desc')
    for (const event of events) {
      const had = known.get(event.event_ID)
      if (had !== undefined && had === versionKey(event.update_Date)) {
        index.upsert(changed)
        return changed
      }
      changed.push(event)
    }
    if (events.length < pageSize) break
  }
  index.upsert(changed)
  return changed
}
