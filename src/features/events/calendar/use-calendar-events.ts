import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import { useIndexClient } from '../index/event-index-provider'
import { indexKeys, useIndexQuery, useIndexState } from '../index/use-event-index'
import type { DayRange } from './calendar-dates'
import type { EventFilter } from '../model/filter'
import type { Placement } from './calendar-search'

const NO_EVENTS: Event[] = []
const pad = (n: number) => String(n).padStart(2, '0')
/** A local date as the index's wall-clock key. */
const key = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`

/**
 * The events the calendar places in a range, from the event index: no second load of every
 * event. While the index is still loading, the range itself is read first (pages sorted by the
 * dates the calendar places by, found by binary search over page numbers), so the view is
 * complete long before the index. Writes reach the index (`../cache.ts`), so the calendar
 * follows edits without a reload. The view's filters are asked of the index (`filter`), so only
 * the events the view shows cross from the worker and the page never filters again.
 */
export function useCalendarEvents(range: DayRange, place: Placement, filter: EventFilter) {
  const client = useIndexClient()
  const db = useDatabase()
  const state = useIndexState()
  const from = key(range.start)
  const to = key(range.end)
  const by = place === 'reminder' ? 'reminder' : 'dates'
  const ready = state.phase === 'ready'
  // Ahead of the full load (and, for a database too large to index, instead of it).
  const ahead = useQuery({
    queryKey: [...indexKeys.all(db), 'range', from, to, by],
    queryFn: () => client!.range(from, to, by),
    enabled: Boolean(client) && (state.phase === 'loading' || state.phase === 'too-large'),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: 1,
  })
  const inRange = useIndexQuery(
    {
      filter: { ...filter, placed: { from, to, by } },
      sort: [],
      now: 0,
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    },
    { early: !ready },
  )
  const complete = ready || ahead.isSuccess
  const error =
    state.phase === 'error' ? new Error(state.error ?? '') : (ahead.error ?? inRange.error)
  return {
    events: complete ? (inRange.data?.rows ?? NO_EVENTS) : NO_EVENTS,
    /** The view's events are still to come. */
    // (A previous answer shown meanwhile is not this view's: still loading.)
    loading: !complete || inRange.isPending || inRange.isPlaceholderData,
    /** The view is complete; the rest of the index is still loading (for search and filters). */
    indexing: state.phase === 'loading' && complete,
    /** Every event of the database, once the index holds them all. */
    loaded: ready ? state.size : state.phase === 'loading' ? state.loaded : null,
    error: complete ? null : error,
    retry: () => (state.phase === 'error' ? client?.retry() : void ahead.refetch()),
  }
}
