import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { calendarKeys } from '../keys'
import { calendarQueries, plannedPageCount } from './calendar-queries'

function combine(results: UseQueryResult<Event[]>[]) {
  const failed = results.find((r) => r.isError && r.data === undefined)
  return {
    events: results.flatMap((r) => r.data ?? []),
    /** Pages still to come. */
    loading: results.some((r) => r.isPending),
    /** Cached pages being reloaded (stale, or the window came back). */
    refreshing: results.some((r) => r.isFetching && r.data !== undefined),
    error: failed?.error ?? null,
    retry: () => {
      for (const r of results) if (r.isError) void r.refetch()
    },
  }
}

/**
 * Every event of the database for the calendar: one query per page of 1,000, a few side by side,
 * until a page comes back short; the pages loaded so far are shown while the rest come. Cached
 * per database. Every write to an event patches these pages where it stores its answer
 * (`../cache.ts`), so the calendar follows edits without a reload.
 */
export function useCalendarEvents() {
  const api = useApi()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const count = plannedPageCount((page) => queryClient.getQueryData(calendarKeys.page(db, page)))
  const result = useQueries({
    queries: Array.from({ length: count }, (_, i) => calendarQueries(api).page(db, i + 1)),
    combine,
  })

  return result
}
