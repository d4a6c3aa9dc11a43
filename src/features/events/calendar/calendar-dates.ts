import { byLocale, firstDayOfWeek } from '@/lib/format/format'
import { startOfDay } from '../model/days'

/** The calendar's views, as the URL names them. */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

/** One time slot of the week and day views, in minutes (keyboard moves go by it too). */
export const SLOT_MINUTES = 30

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `2026-11-24` as local midnight; null when it is not a real day. */
export function parseDay(text: string | null | undefined): Date | null {
  const m = typeof text === 'string' ? DAY_TEXT.exec(text) : null
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const date = new Date(y, mo, d)
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d) return null
  return date
}

/** Local midnight as `2026-11-24`. */
export function formatDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Local midnight of the day `days` after the day of `date` (the model's `startOfDay`). */
export const addDays = (date: Date, days: number): Date => startOfDay(date, days)

/** The same day of the month `months` later, clamped to that month's length (31 Jan -> 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1)
  const length = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate()
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), length))
}

/**
 * The first day of the week on or before `date` (local midnight): Monday in en-GB, Sunday in
 * en-US, as the display locale has it (FullCalendar is given the same `firstDay`).
 */
export function startOfWeek(date: Date, firstDay: number = firstDayOfWeek()): Date {
  const back = (date.getDay() - firstDay + 7) % 7
  return addDays(date, -back)
}

/** The days a view shows around `date`: `start` inclusive, `end` exclusive, local midnights. */
export interface DayRange {
  start: Date
  end: Date
}

/**
 * What FullCalendar shows for a view and date: the month's whole weeks (no fixed six rows), the
 * locale's week (week and agenda views), or the one day.
 */
export function visibleRange(view: CalendarView, date: Date): DayRange {
  if (view === 'day') {
    const start = addDays(date, 0)
    return { start, end: addDays(start, 1) }
  }
  if (view === 'month') {
    const first = new Date(date.getFullYear(), date.getMonth(), 1)
    const last = new Date(date.getFullYear(), date.getMonth() + 1, 0)
    return { start: startOfWeek(first), end: addDays(startOfWeek(last), 7) }
  }
  const start = startOfWeek(date)
  return { start, end: addDays(start, 7) }
}

/** The date that prev (-1) or next (+1) goes to: a month, a week or a day away. */
export function stepDate(view: CalendarView, date: Date, direction: -1 | 1): Date {
  if (view === 'month') return addMonths(date, direction)
  if (view === 'day') return addDays(date, direction)
  return addDays(date, 7 * direction)
}

const monthTitle = byLocale((l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric' }))
const dayTitle = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
)
const rangeTitle = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
)

/** "November 2026", "23–29 Nov 2026", "Tuesday 24 November 2026". */
export function viewTitle(view: CalendarView, date: Date): string {
  if (view === 'month') return monthTitle().format(date)
  if (view === 'day') return dayTitle().format(date)
  const { start, end } = visibleRange(view, date)
  return rangeTitle().formatRange(start, addDays(end, -1))
}

/** What one step of prev/next is called, for the buttons' names ("Previous month"). */
export const stepUnit = (view: CalendarView) =>
  view === 'month' ? 'month' : view === 'day' ? 'day' : 'week'
