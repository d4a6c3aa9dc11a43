import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '@/api/client'
import { listEvents } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { eventKeys } from '../queries'

/** The largest page the service gives: the fewest round trips for every event. */
export const CALENDAR_PAGE_SIZE = 1000
/** A stable order, so paging never skips or repeats an event while others are edited. */
export const CALENDAR_SORT = 'event_ID:asc'
/** Every event of a database is loaded once and kept fresh this long. */
export const CALENDAR_STALE_TIME = 5 * 60_000
/** Pages requested ahead of the last one known to be full (they load side by side). */
export const CALENDAR_LOOKAHEAD = 3

/**
 * Every event, one query per page (the service has no date-range query). Keyed by database first
 * and outside the events `list` keys, so an edit elsewhere does not reload thousands of events:
 * the calendar patches the event it hears about instead (see `use-calendar-events`).
 */
export const calendarKeys = {
  all: (db: string) =>
    [
      ...eventKeys.all(db),
      'calendar-pages',
      { pageSize: CALENDAR_PAGE_SIZE, sortBy: CALENDAR_SORT },
    ] as const,
  page: (db: string, page: number) => [...calendarKeys.all(db), page] as const,
}

/** The calendar's page queries of a service client. */
export const calendarQueries = (api: ApiClient) => ({
  page: (db: string, page: number) =>
    queryOptions({
      queryKey: calendarKeys.page(db, page),
      queryFn: ({ signal }) =>
        listEvents(
          api,
          { page, pageSize: CALENDAR_PAGE_SIZE, sortBy: CALENDAR_SORT },
          { signal, database: db },
        ),
      staleTime: CALENDAR_STALE_TIME,
    }),
})

/**
 * How many pages to ask for, from what the cache holds: up to the first page that came back
 * short (the last one), else the pages known to be full and a few more ahead.
 */
export function plannedPageCount(pageData: (page: number) => Event[] | undefined): number {
  for (let page = 1; ; page++) {
    const data = pageData(page)
    if (!data) return page - 1 + CALENDAR_LOOKAHEAD
    if (data.length < CALENDAR_PAGE_SIZE) return page
  }
}

/** A page with one event replaced (by ID); the same array when it is not there or unchanged. */
export function replaceInPage(page: Event[], event: Event): Event[] {
  const index = page.findIndex((e) => e.event_ID === event.event_ID)
  if (index < 0 || page[index] === event) return page
  const copy = page.slice()
  copy[index] = event
  return copy
}

/** A page without one event; the same array when it is not there. */
export function removeFromPage(page: Event[], eventId: number): Event[] {
  return page.some((e) => e.event_ID === eventId)
    ? page.filter((e) => e.event_ID !== eventId)
    : page
}

/**
 * Writes one event into a database's loaded calendar pages; with `heardAt`, only into pages
 * loaded before then (a page loaded later already has a newer copy).
 */
export function patchCalendarEvent(
  queryClient: QueryClient,
  db: string,
  event: Event,
  heardAt = Infinity,
) {
  queryClient.setQueriesData<Event[]>(
    { queryKey: calendarKeys.all(db), predicate: (q) => q.state.dataUpdatedAt < heardAt },
    (old) => (old ? replaceInPage(old, event) : old),
  )
}

/** Takes one event out of a database's loaded calendar pages. */
export function removeCalendarEvent(queryClient: QueryClient, db: string, eventId: number) {
  queryClient.setQueriesData<Event[]>({ queryKey: calendarKeys.all(db) }, (old) =>
    old ? removeFromPage(old, eventId) : old,
  )
}

/** One event of the loaded pages, by ID. */
export function findCalendarEvent(
  queryClient: QueryClient,
  db: string,
  eventId: number,
): Event | undefined {
  for (const [, page] of queryClient.getQueriesData<Event[]>({ queryKey: calendarKeys.all(db) }))
    for (const e of page ?? []) if (e.event_ID === eventId) return e
  return undefined
}
