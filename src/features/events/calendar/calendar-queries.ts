import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '@/api/client'
import { listEvents } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { CALENDAR_PAGE_SIZE, CALENDAR_SORT, calendarKeys } from '../keys'

/** Every event of a database is loaded once and kept fresh this long. */
export const CALENDAR_STALE_TIME = 5 * 60_000
/** Pages requested ahead of the last one known to be full (they load side by side). */
export const CALENDAR_LOOKAHEAD = 3

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
