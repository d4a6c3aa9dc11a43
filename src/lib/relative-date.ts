import { byLocale } from '@/lib/format/format'

/*
 * Distances between dates as people say them, on the local calendar: "yesterday" is the day
 * before today whatever the hour, "last month" is the month before this one, and a day is a day
 * even when the clocks change (23 or 25 hours). One set of functions for every screen.
 */

/** The local calendar day of a date as a count of days (time of day and clock changes ignored). */
const dayNumber = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000

/** Calendar days from `from` to `to`: 1 when `to` is the next day, -1 the day before, 0 the same. */
export function calendarDaysBetween(from: Date, to: Date): number {
  return dayNumber(to) - dayNumber(from)
}

/** Calendar months from `from` to `to` (January to March is 2, whatever the days). */
export function calendarMonthsBetween(from: Date, to: Date): number {
  return (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth())
}

const relative = byLocale((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }))
const say = (n: number, unit: Intl.RelativeTimeFormatUnit) => relative().format(n, unit)

/**
 * How far `date` is from `now`: on the same day by the clock ("now", "in 20 minutes", "3 hours
 * ago"); on another day by the calendar: days up to a fortnight ("yesterday", "in 6 days"), then
 * weeks within the same month, then calendar months ("last month", "in 2 months"), then calendar
 * years ("last year"). The wording of a date stays the same all day long.
 */
export function formatRelative(date: Date, now: Date): string {
  const days = calendarDaysBetween(now, date)
  if (days === 0) {
    const minutes = Math.trunc((date.getTime() - now.getTime()) / 60_000)
    if (minutes === 0) return 'now'
    if (Math.abs(minutes) < 60) return say(minutes, 'minute')
    return say(Math.trunc(minutes / 60), 'hour')
  }
  if (Math.abs(days) < 14) return say(days, 'day')
  const months = calendarMonthsBetween(now, date)
  if (months === 0) return say(Math.trunc(days / 7), 'week')
  if (Math.abs(months) < 12) return say(months, 'month')
  return say(date.getFullYear() - now.getFullYear(), 'year')
}
