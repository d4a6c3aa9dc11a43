import { useMemo, useState } from 'react'
import type { StringOption } from '@/api/schemas/static-option'
import type { CalendarAnswer, Facets } from '../index/protocol'
import {
  cachedCalendarInput,
  sameInputs,
  toMoreInput,
  toSummaryInput,
  type CalendarEventInput,
} from './calendar-event-input'
import { filterChoices } from './calendar-filters'
import type { CalendarSearch } from './calendar-search'

interface CalendarModelInput {
  /** What the index's worker computed for the view (see `useCalendarDigest`). */
  answer: CalendarAnswer | undefined
  search: CalendarSearch
  me: string
  priorities: readonly StringOption[]
  completedStatus: string
  /** Values in use across the database (the index's facets), offered beside those in view. */
  known?: Facets | undefined
}

const NO_INPUTS: CalendarEventInput[] = []

/**
 * From the worker's answer to what FullCalendar draws: each day's summary first, its most
 * pressing events, then its "+N more". Each step is kept until its inputs change, and an answer
 * that changes nothing in view keeps the same inputs, so FullCalendar has nothing to redraw.
 */
export function useCalendarModel({
  answer,
  search,
  me,
  priorities,
  completedStatus,
  known,
}: CalendarModelInput) {
  const { user, group, priority, status, showCompleted } = search
  const toInput = useMemo(
    () => cachedCalendarInput(priorities, completedStatus),
    [priorities, completedStatus],
  )
  const next = useMemo(() => {
    if (!answer) return NO_INPUTS
    const inputs: CalendarEventInput[] = []
    for (const day of answer.days) if (day.total > 0) inputs.push(toSummaryInput(day))
    for (const drawn of answer.drawn) inputs.push(toInput(drawn))
    for (const day of answer.days) if (day.more > 0) inputs.push(toMoreInput(day))
    return inputs
  }, [answer, toInput])
  // The same inputs as last time stay the same array, so FullCalendar has nothing to redraw.
  const [inputs, setInputs] = useState(next)
  if (inputs !== next && !sameInputs(inputs, next)) setInputs(next)

  const events = useMemo(() => answer?.drawn.map((d) => d.event) ?? [], [answer])
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
  const days = useMemo(() => new Map(answer?.days.map((d) => [d.day, d]) ?? []), [answer])

  return { inputs, choices, byId, days }
}
