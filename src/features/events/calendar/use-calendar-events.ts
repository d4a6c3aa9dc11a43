import { useEffect } from 'react'
import { useQueries, useQueryClient, type Query, type UseQueryResult } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { eventKeys } from '../queries'
import {
  calendarQueries,
  patchCalendarEvent,
  plannedPageCount,
  calendarKeys,
} from './calendar-queries'

/** An event detail query of this database (`['db', db, 'events', 'detail', id]`, not its schedules). */
function isDetailOf(query: Query, db: string): boolean {
  const key = query.queryKey
  const prefix = eventKeys.details(db)
  return key.length === prefix.length + 1 && prefix.every((part, i) => key[i] === part)
}

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
 * per database. An event the app hears about from the service (a detail stored after a snooze,
 * an edit, a completion) is written into the pages, so the calendar follows without a reload.
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

  useEffect(() => {
    // Catch up with details stored while the calendar was not on screen (once per database:
    // later ones arrive through the subscription below).
    for (const q of queryClient.getQueryCache().findAll({ queryKey: eventKeys.details(db) }))
      if (isDetailOf(q, db) && q.state.data)
        patchCalendarEvent(queryClient, db, q.state.data as Event, q.state.dataUpdatedAt)
  }, [db, queryClient])

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((e) => {
        if (e.type === 'updated' && e.action.type === 'success' && isDetailOf(e.query, db))
          patchCalendarEvent(queryClient, db, e.query.state.data as Event)
      }),
    [db, queryClient],
  )

  return result
}
