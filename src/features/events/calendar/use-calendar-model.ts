import { useMemo, useState } from 'react'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import type { Facets } from '../index/protocol'
import { isCompleted } from '../model/facts'
import { importanceOf, priorityOrder } from '../model/priority'
import { formatDay, visibleRange } from './calendar-dates'
import { cachedCalendarInput, sameInputs, toMoreInput } from './calendar-event-input'
import { filterChoices } from './calendar-filters'
import type { CalendarSearch } from './calendar-search'
import { digestMonth } from './month-digest'
import { overlaps, placeEvents } from '../model/placement'

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
 * From the events the index found for the view (filtered there) to what the calendar draws:
 * placed (by dates or reminder), cut to the visible range. Each step is kept until its inputs change, so
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

  // The index filtered them (`calendarFilter`); they are placed here as the model says.
  const { placed, unplaced } = useMemo(
    () => placeEvents(events, place, completedStatus),
    [events, place, completedStatus],
  )

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
    // Open work first, then by priority (the model's `importance`: 0 is the most important).
    const order = priorityOrder(priorities)
    const importance = importanceOf(order)
    // Higher draws first: open work by importance, completed work after everything.
    const rank = (e: Event) =>
      isCompleted(e, completedStatus) ? -(order.length + 1) : -importance(e.priority)
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
