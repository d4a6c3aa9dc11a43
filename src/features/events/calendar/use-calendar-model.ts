import { useMemo, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import type { Facets } from '../index/protocol'
import { isCompleted } from '../event-status'
import { priorityRank } from '../priority-badge'
import { formatDay, visibleRange } from './calendar-dates'
import { cachedCalendarInput, sameInputs, toMoreInput } from './calendar-event-input'
import { filterChoices, matchesFilters } from './calendar-filters'
import type { CalendarSearch } from './calendar-search'
import { digestMonth } from './month-digest'
import { overlaps, placeEvents } from './placement'

interface CalendarModelInput {
  events: Event[]
  search: CalendarSearch
  me: string
  priorities: readonly StringOption[]
  completedStatus: string
  /** Values in use across the database (the index's facets), offered beside those in view. */
  known?: Facets | undefined
}

/**
 * From every loaded event to what the calendar draws: filtered (the URL's filters), placed (by
 * dates or reminder), cut to the visible range. Each step is kept until its inputs change, so
 * paging through months only redoes the last one.
 */
export function useCalendarModel({
  events,
  search,
  me,
  priorities,
  completedStatus,
  known,
}: CalendarModelInput) {
  const { user, group, priority, status, showCompleted, place, view } = search
  const day = formatDay(search.date)

  const filtered = useMemo(() => {
    const filters = { user, group, priority, status, showCompleted }
    return events.filter((e) => matchesFilters(e, filters, completedStatus))
  }, [events, user, group, priority, status, showCompleted, completedStatus])

  const { placed, unplaced } = useMemo(() => placeEvents(filtered, place), [filtered, place])

  // `day` stands for the date: the same day is the same range.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const range = useMemo(() => visibleRange(view, search.date), [view, day])

  const visible = useMemo(() => placed.filter((p) => overlaps(p, range)), [placed, range])

  const toInput = useMemo(
    () => cachedCalendarInput(priorities, completedStatus),
    [priorities, completedStatus],
  )
  const next = useMemo(() => {
    if (view !== 'month') return visible.map(toInput)
    // A month draws the most important few a day and "+N more" for the rest.
    // Open work first, then by priority (`priorityRank`: 0 is the highest, -1 unknown).
    const rank = (e: Event) => {
      if (isCompleted(e, completedStatus)) return -1
      const fromTop = priorityRank(e.priority, priorities)
      return fromTop < 0 ? 0 : priorities.length - fromTop
    }
    const { shown, more } = digestMonth(visible, range, rank)
    return [...shown.map(toInput), ...more.map(toMoreInput)]
  }, [view, visible, range, priorities, completedStatus, toInput])
  // The same inputs as last time stay the same array, so FullCalendar has nothing to redraw.
  const [inputs, setInputs] = useState(next)
  if (inputs !== next && !sameInputs(inputs, next)) setInputs(next)

  const choices = useMemo(
    () =>
      filterChoices(
        events,
        { user, group, priority, status, showCompleted },
        {
          users: [me, ...(known?.users.map(([u]) => u) ?? [])],
          statuses: [completedStatus, ...(known?.statuses.map(([s]) => s) ?? [])],
          groups: known?.groups.map(([g]) => g) ?? [],
        },
      ),
    [events, user, group, priority, status, showCompleted, me, completedStatus, known],
  )

  const byId = useMemo(() => new Map(events.map((e) => [e.event_ID, e])), [events])

  return { range, visible, inputs, unplaced, choices, byId }
}
