import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { useIndexClient } from '../index/event-index-provider'
import type { CalendarRequest, DayRequest } from '../index/protocol'
import { indexKeys, useIndexPhase, useIndexVersion } from '../index/use-event-index'
import type { EventFilter } from '../model/filter'
import { stepDate, type CalendarView } from './calendar-dates'
import type { Placement } from './calendar-search'
import { viewRange } from './view-range'

/** How long a new view pauses the index's full load while it is read and drawn. */
const HOLD_MS = 1500

/** Events a day draws at most, per view; the rest are one click away in the day's list. */
export const PER_DAY: Record<CalendarView, number> = { month: 3, week: 8, day: 40, agenda: 60 }

interface DigestInput {
  view: CalendarView
  date: Date
  place: Placement
  filter: EventFilter
  /** The page's clock (a minute at a time): overdue and due are counted against it. */
  now: number
  /** An event just moved from the keyboard: the answer says whether it is drawn. */
  locate?: number | undefined
}

/**
 * What the calendar draws for a view, from the event index's worker (the model's `dayDigest`):
 * each day's counts, the few most pressing events and how many more; the page never receives a
 * month's thousands of events. While the index is still loading (or for a database too large to
 * index, instead of it), the view's range is read first (`fetchPlaceable`: the tasks due in it in
 * due-date order, then the events without a due date), so the view is complete long before the
 * index. Writes reach the index (`../cache.ts`), so the calendar follows edits without a reload.
 */
export function useCalendarDigest({ view, date, place, filter, now, locate }: DigestInput) {
  const client = useIndexClient()
  const db = useDatabase()
  const phase = useIndexPhase()
  const version = useIndexVersion()
  const range = viewRange(view, date, place)
  const ready = phase === 'ready'
  const tooLarge = phase === 'too-large'
  // Ahead of the full load (and, for a database too large to index, instead of it). The route
  // asked for it already: the worker reads a range once.
  const ahead = useQuery({
    queryKey: [...indexKeys.all(db), 'range', range.from, range.to, range.by],
    queryFn: () => client!.range(range.from, range.to, range.by),
    enabled: Boolean(client) && (phase === 'loading' || tooLarge),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: 1,
  })
  const requestFor = (day: Date, locating?: number): CalendarRequest => ({
    filter,
    ...viewRange(view, day, place),
    now,
    perDay: PER_DAY[view],
    ...(locating === undefined ? {} : { locate: locating }),
  })
  const request = requestFor(date, locate)
  const digestOf = (r: CalendarRequest) => ({
    queryKey: indexKeys.query(db, version, ['calendar', r]),
    queryFn: () => client!.calendar(r),
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  })
  const digest = useQuery({
    ...digestOf(request),
    enabled: Boolean(client) && phase !== 'error',
    placeholderData: keepPreviousData,
  })
  // Once the index holds everything, the views before and after are asked for too: the worker
  // works them out while the user looks, and the previous and next buttons draw at once. (Not
  // of the console server, which answers the whole team: each view is asked as it is shown.)
  const queryClient = useQueryClient()
  const settled = ready && digest.isSuccess && !digest.isPlaceholderData
  const key = JSON.stringify(request)
  useEffect(() => {
    if (!settled || !client?.asksAhead) return
    for (const step of [1, -1] as const)
      void queryClient.prefetchQuery(digestOf(requestFor(stepDate(view, date, step))))
    // `key` stands for the request (view, date, place, filter, now).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, key, version])
  // While the index is still loading, a new view pauses the load for a moment: its range is read
  // first anyway, and the page draws it without two cores shared three ways.
  const viewKey = `${view}|${range.from}|${range.by}`
  useEffect(() => {
    if (phase === 'loading') client?.hold(HOLD_MS)
    // `viewKey` stands for the view shown; the phase is read when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, viewKey])
  const complete = ready || ahead.isSuccess
  const failed = phase === 'error' ? new Error(client?.getState().error ?? '') : null
  return {
    /** This view's answer once its events are all in; a previous one meanwhile, or none. */
    answer: complete ? digest.data : undefined,
    /** The answer is this view's (not a previous one shown meanwhile). */
    current: complete && digest.isSuccess && !digest.isPlaceholderData,
    /** The view's events are still to come. */
    // (A previous answer shown meanwhile is not this view's: still loading.)
    loading: !complete || digest.isPending || digest.isPlaceholderData,
    /** The view is complete; the rest of the index is still loading (for search and filters). */
    indexing: phase === 'loading' && complete,
    /** The database is too large to index: each view is read from the service as it is shown. */
    tooLarge,
    error: complete ? (digest.error ?? null) : (failed ?? ahead.error ?? digest.error ?? null),
    retry: () => (phase === 'error' ? client?.retry() : void ahead.refetch()),
  }
}

/** One day's events, most pressing first (the day's list); `day` is `YYYY-MM-DD`. */
export function useDayList(
  day: string | null,
  { place, filter, now }: Pick<DigestInput, 'place' | 'filter' | 'now'>,
) {
  const client = useIndexClient()
  const db = useDatabase()
  const phase = useIndexPhase()
  const version = useIndexVersion()
  const request: DayRequest | null = day
    ? {
        filter,
        day: `${day}T00:00:00`,
        by: place === 'reminder' ? 'reminder' : 'dates',
        now,
        offset: 0,
        limit: Number.MAX_SAFE_INTEGER,
      }
    : null
  return useQuery({
    queryKey: indexKeys.query(db, version, ['day', request]),
    queryFn: () => client!.day(request!),
    enabled: Boolean(client && request) && phase !== 'error',
    placeholderData: (previous, query) =>
      // The same day's previous answer while the index changes; never another day's.
      (query?.queryKey.at(-1) as [string, DayRequest | null] | undefined)?.[1]?.day === request?.day
        ? previous
        : undefined,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  })
}

/** The events the index holds of these IDs, as it holds them now. */
export function useIndexEvents(ids: readonly number[]) {
  const client = useIndexClient()
  const db = useDatabase()
  const version = useIndexVersion()
  return useQuery({
    queryKey: indexKeys.query(db, version, ['events', ids]),
    queryFn: () => client!.events([...ids]),
    enabled: Boolean(client) && ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
    select: (events: Event[]) => new Map(events.map((e) => [e.event_ID, e])),
  })
}
