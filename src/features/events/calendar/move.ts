import type { CalendarView } from './calendar-dates'
import { formatServiceDate, parseServiceDate } from '@/api/dates'
import { byLocale, clockOptions } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import { addDays } from './calendar-dates'
import type { PlacedBy, PlacedEvent } from '../model/placement'
import { eventTitle } from '../model/title'

/** How far a move goes: calendar months and days (DST-safe), then milliseconds. */
export interface MoveDelta {
  months?: number
  days: number
  milliseconds: number
}

/** A drag moves the whole event; a resize moves only its start or its end. */
export type MoveEdge = 'both' | 'start' | 'end'

/** Moves a local date by calendar months and days (keeping the wall-clock time), then by milliseconds. */
export function shiftDate(date: Date, delta: MoveDelta): Date {
  const moved = new Date(
    date.getFullYear(),
    date.getMonth() + (delta.months ?? 0),
    date.getDate() + delta.days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  )
  return new Date(moved.getTime() + delta.milliseconds)
}

/** A service date moved by `delta`, in the canonical form; null stays null. */
export function shiftDateText(text: string | null | undefined, delta: MoveDelta): string | null {
  const date = parseServiceDate(text)
  return date ? formatServiceDate(shiftDate(date, delta)) : null
}

type DateField =
  'start_Date' | 'end_Date' | 'due_Date' | 'next_Scheduled_Date' | 'next_Scheduled_Time'

/**
 * The date fields a move changes, with their new values. By start and end: both move (and the
 * due date with them when it lies between, so it stays inside); a resize moves one edge. By due
 * date, start date or reminder: that date (a reminder's scheduled time too, when it has one).
 */
export function movedFields(
  event: Event,
  by: PlacedBy,
  delta: MoveDelta,
  edge: MoveEdge = 'both',
): Partial<Pick<Event, DateField>> {
  const shift = (field: DateField) => ({ [field]: shiftDateText(event[field], delta) })
  if (by === 'reminder')
    return {
      ...shift('next_Scheduled_Date'),
      ...(event.next_Scheduled_Time ? shift('next_Scheduled_Time') : {}),
    }
  if (by === 'due') return shift('due_Date')
  if (by === 'start') return shift('start_Date')
  if (edge === 'start') return shift('start_Date')
  if (edge === 'end') return shift('end_Date')
  const start = parseServiceDate(event.start_Date)
  const end = parseServiceDate(event.end_Date)
  const due = parseServiceDate(event.due_Date)
  const dueInside = !!(due && start && end && due >= start && due <= end)
  return {
    ...shift('start_Date'),
    ...shift('end_Date'),
    ...(dueInside ? shift('due_Date') : {}),
  }
}

/**
 * Alt+Left/Right: a day earlier or later. Alt+Up/Down follow what is above and below on screen:
 * a week in the month and agenda views (the day above in the month grid), a time slot in the week
 * and day views.
 */
export function keyboardDelta(
  key: string,
  slotMinutes: number,
  view: CalendarView = 'week',
): MoveDelta | null {
  const byWeek = view === 'month' || view === 'agenda'
  switch (key) {
    case 'ArrowLeft':
      return { days: -1, milliseconds: 0 }
    case 'ArrowRight':
      return { days: 1, milliseconds: 0 }
    case 'ArrowUp':
      return byWeek
        ? { days: -7, milliseconds: 0 }
        : { days: 0, milliseconds: -slotMinutes * 60_000 }
    case 'ArrowDown':
      return byWeek ? { days: 7, milliseconds: 0 } : { days: 0, milliseconds: slotMinutes * 60_000 }
    default:
      return null
  }
}

const whenFormat = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...clockOptions(l),
    }),
)
const dayFormat = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }),
)

/** "Tue 24 Nov, 10:30", or for whole days "Tue 24 Nov – Fri 4 Dec". */
export function describePlacement(placed: Pick<PlacedEvent, 'start' | 'end' | 'allDay'>): string {
  if (placed.allDay && placed.end) {
    const last = addDays(placed.end, -1)
    return last > placed.start
      ? `${dayFormat().format(placed.start)} – ${dayFormat().format(last)}`
      : dayFormat().format(placed.start)
  }
  return whenFormat().format(placed.start)
}

/** What the live region says after a move: `Moved "Call provider" to Tue 24 Nov, 10:30`. */
export function describeMove(event: Event, after: PlacedEvent | null): string {
  const where = after ? describePlacement(after) : 'a date outside the calendar'
  return `Moved “${eventTitle(event)}” to ${where}`
}
