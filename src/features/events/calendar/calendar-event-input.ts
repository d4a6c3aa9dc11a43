import { byLocale } from '@/lib/format/format'
import type { StringOption } from '@/api/schemas/static-option'
import type { DaySummary, DrawnEvent } from '../model/day-digest'
import { isCompleted } from '../model/facts'
import { priorityName, priorityTone } from '../priority-badge'
import { formatDay } from './calendar-dates'
import { eventTitle } from '../model/title'
import { describePlacement } from './move'
import { placedEvent, type PlacedEvent } from '../model/placement'

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
  /** A day's summary first (-1), then its events (0), then its "+N more" (1). */
  order: -1 | 0 | 1
  /** Set on a day's "+N more" entry: the day whose list it opens (`YYYY-MM-DD`), how many it hides. */
  more?: { day: string; count: number }
  /** Set on a day's summary: the day whose list it opens and what the day holds. */
  summary?: {
    day: string
    total: number
    urgent: number
    overdue: number
    due: number
    snoozed: number
  }
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
  /** False for a day's summary and "+N more", which are not events. */
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
 * `toCalendarInput` for the index's drawn events, with a memory: an event drawn again as it was
 * (same version, same place, same fields shown) gives the same input object, so answers that
 * change nothing in view change nothing FullCalendar sees (and the labels, formatted with Intl,
 * are built once). Make a new one when priorities or the completed status change.
 */
export function cachedCalendarInput(priorities: readonly StringOption[], completedStatus: string) {
  const cache = new Map<string, CalendarEventInput>()
  return ({ event: e, placement: p }: DrawnEvent): CalendarEventInput => {
    const key = [
      e.event_ID,
      e.update_Date,
      p.by,
      p.start,
      p.end,
      p.allDay,
      e.subject,
      e.priority,
      e.status,
      e.completion_Date,
      e.reminder,
    ].join('|')
    let input = cache.get(key)
    if (!input) {
      if (cache.size > 5000) cache.clear()
      input = toCalendarInput(placedEvent(e, p), priorities, completedStatus)
      cache.set(key, input)
    }
    return input
  }
}

/** Whether two arrays hold the same inputs in the same order (nothing to redraw). */
export function sameInputs(a: readonly CalendarEventInput[], b: readonly CalendarEventInput[]) {
  const same = (x: CalendarEventInput, y: CalendarEventInput | undefined) =>
    x === y ||
    (!!(x.extendedProps.more || x.extendedProps.summary) &&
      x.id === y?.id &&
      x.title === y.title &&
      x.extendedProps.label === y.extendedProps.label)
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

const count = byLocale((l) => new Intl.NumberFormat(l))
const plural = (n: number, one: string, many = `${one}s`) =>
  `${count().format(n)} ${n === 1 ? one : many}`

/**
 * An entry of a day that is no event: all day, fixed in place, with its own words for screen
 * readers and its place among the day's entries (`order`).
 */
function dayEntry(
  id: string,
  title: string,
  date: Date,
  colors: { color: string; contrastColor: string },
  props: Pick<CalendarEventProps, 'label' | 'order' | 'more' | 'summary'>,
): CalendarEventInput {
  return {
    id,
    title,
    start: date,
    allDay: true,
    durationEditable: false,
    startEditable: false,
    ...colors,
    extendedProps: {
      eventId: 0,
      tone: 'none',
      completed: false,
      reminder: false,
      priority: '',
      status: '',
      ...props,
    },
  }
}

/** A day's "+N more", drawn as the day's last entry; choosing it opens the day's list. */
export function toMoreInput({ day, more: hidden }: DaySummary): CalendarEventInput {
  const date = new Date(day)
  const key = formatDay(date)
  return dayEntry(
    `more-${key}`,
    `+${count().format(hidden)} more`,
    date,
    { color: 'var(--color-text-muted)', contrastColor: 'var(--color-surface)' },
    {
      label: `${plural(hidden, 'more event')} on ${moreDay().format(date)}: open the day’s list`,
      order: 1,
      more: { day: key, count: hidden },
    },
  )
}

/** What a day holds in words: "42 events, 3 urgent, 5 overdue, 7 due, 1 snoozed". */
export function describeDay({ total, urgent, overdue, due, snoozed }: DaySummary): string {
  return [
    plural(total, 'event'),
    urgent > 0 && `${count().format(urgent)} urgent`,
    overdue > 0 && `${count().format(overdue)} overdue`,
    due > 0 && `${count().format(due)} due`,
    snoozed > 0 && `${count().format(snoozed)} snoozed`,
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * A day's summary, drawn as its first entry: what the day holds at a glance (events, urgent,
 * overdue, due); choosing it opens the day's list.
 */
export function toSummaryInput(summary: DaySummary): CalendarEventInput {
  const date = new Date(summary.day)
  const key = formatDay(date)
  const { total, urgent, overdue, due, snoozed } = summary
  return dayEntry(
    `day-${key}`,
    describeDay(summary),
    date,
    { color: 'transparent', contrastColor: 'var(--color-text)' },
    {
      label: `${moreDay().format(date)}: ${describeDay(summary)}. Open the day’s list`,
      order: -1,
      summary: { day: key, total, urgent, overdue, due, snoozed },
    },
  )
}
