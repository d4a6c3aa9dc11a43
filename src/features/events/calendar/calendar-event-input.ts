import { byLocale } from '@/lib/format/format'
import type { StringOption } from '@/api/schemas/static-option'
import { isCompleted } from '../model/facts'
import { priorityName, priorityTone } from '../priority-badge'
import { formatDay } from './calendar-dates'
import type { DayMore } from './month-digest'
import { eventTitle } from '../model/title'
import { describePlacement } from './move'
import type { PlacedEvent } from '../model/placement'

/** What the calendar needs of one event beyond its dates (FullCalendar's `extendedProps`). */
export interface CalendarEventProps {
  eventId: number
  tone: ReturnType<typeof priorityTone>
  completed: boolean
  reminder: boolean
  /** The accessible name: subject, when, priority, status, reminder. */
  label: string
  /** The priority's name and the status, shown beside the subject in the agenda. */
  priority: string
  status: string
  /** Drawn first (0) or last (1) in a day: "+N more" comes after the day's events. */
  order: 0 | 1
  /** Set on a month's "+N more" entry: the day it opens (`YYYY-MM-DD`) and how many it hides. */
  more?: { day: string; count: number }
}

/** A FullCalendar event input, built from a placed event (no FullCalendar import needed here). */
export interface CalendarEventInput {
  id: string
  title: string
  start: Date
  end?: Date
  allDay: boolean
  /** Only events placed by start and end have a length to change. */
  durationEditable: boolean
  /** False for "+N more", which is not an event. */
  startEditable: boolean
  /** A CSS colour: the priority's tone, from the theme's tokens (see full-calendar-view.module.css). */
  color: string
  contrastColor: string
  extendedProps: CalendarEventProps
}

/** The calendar's input for one placed event: coloured by priority, muted when completed. */
export function toCalendarInput(
  placed: PlacedEvent,
  priorities: readonly StringOption[],
  completedStatus: string,
): CalendarEventInput {
  const { event } = placed
  const tone = priorityTone(event.priority, priorities)
  const completed = isCompleted(event, completedStatus)
  const priority = priorityName(event.priority, priorities)
  const label = [
    eventTitle(event),
    describePlacement(placed),
    priority && `${priority} priority`,
    completed ? 'completed' : event.status,
    event.reminder && 'reminder',
  ]
    .filter(Boolean)
    .join(', ')
  return {
    id: String(event.event_ID),
    title: eventTitle(event),
    start: placed.start,
    ...(placed.end ? { end: placed.end } : {}),
    allDay: placed.allDay,
    durationEditable: placed.by === 'range',
    startEditable: true,
    // Completed events are muted: grey whatever their priority (and struck through).
    color: completed ? 'var(--calendar-tone-done)' : `var(--calendar-tone-${tone})`,
    contrastColor: 'var(--calendar-tone-contrast)',
    extendedProps: {
      eventId: event.event_ID,
      tone,
      completed,
      reminder: !!event.reminder,
      label,
      priority,
      status: completed ? 'Completed' : (event.status ?? ''),
      order: 0,
    },
  }
}

/**
 * `toCalendarInput` with a memory: the same event object placed the same way gives the same input
 * object, so pages that add nothing to the view change nothing FullCalendar sees (and the labels,
 * formatted with Intl, are built once). Make a new one when priorities or the completed status
 * change.
 */
export function cachedCalendarInput(priorities: readonly StringOption[], completedStatus: string) {
  const byDates = new WeakMap<PlacedEvent['event'], CalendarEventInput>()
  const byReminder = new WeakMap<PlacedEvent['event'], CalendarEventInput>()
  return (placed: PlacedEvent): CalendarEventInput => {
    const cache = placed.by === 'reminder' ? byReminder : byDates
    let input = cache.get(placed.event)
    if (!input) {
      input = toCalendarInput(placed, priorities, completedStatus)
      cache.set(placed.event, input)
    }
    return input
  }
}

/** Whether two arrays hold the same inputs in the same order (nothing to redraw). */
export function sameInputs(a: readonly CalendarEventInput[], b: readonly CalendarEventInput[]) {
  const same = (x: CalendarEventInput, y: CalendarEventInput | undefined) =>
    x === y || (!!x.extendedProps.more && x.id === y?.id && x.title === y.title)
  return a.length === b.length && a.every((input, i) => same(input, b[i]))
}

const moreDay = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }),
)

/** A month's "+N more" for one day, drawn as the day's last entry; choosing it opens the day. */
export function toMoreInput({ day, hidden }: DayMore): CalendarEventInput {
  const key = formatDay(day)
  return {
    id: `more-${key}`,
    title: `+${hidden} more`,
    start: day,
    allDay: true,
    durationEditable: false,
    startEditable: false,
    color: 'var(--color-text-muted)',
    contrastColor: 'var(--color-surface)',
    extendedProps: {
      eventId: 0,
      tone: 'none',
      completed: false,
      reminder: false,
      priority: '',
      status: '',
      label: `${hidden} more ${hidden === 1 ? 'event' : 'events'} on ${moreDay().format(day)}: open the day`,
      order: 1,
      more: { day: key, count: hidden },
    },
  }
}
