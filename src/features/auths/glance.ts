import { parseServiceDate } from '@/api/dates'
import { byLocale, formatDisplayDate, formatNumber } from '@/lib/format/format'
import { calendarDaysBetween } from '@/lib/relative-date'

/** "14 visits", "1 procedure": a count with its unit, in words. */
export function countOf(count: number | null | undefined, unitType: string | null | undefined) {
  if (typeof count !== 'number') return null
  const unit = (unitType ?? 'unit').trim().toLowerCase() || 'unit'
  const plural =
    count === 1 ? unit : /[^aeiou]y$/.test(unit) ? `${unit.slice(0, -1)}ies` : `${unit}s`
  return `${formatNumber(count)} ${plural}`
}

/** Day and month without the year, in the display locale ("3 Jan", "Jan 3"). */
const dayMonth = byLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short' }))

/** "3 Jan 2026 – 20 Feb 2026", or null when neither end is known. */
export function periodOf(from: string | null | undefined, thru: string | null | undefined) {
  if (!from && !thru) return null
  // Each date stays on one line; a long period wraps at the dash.
  const keep = (text: string) => text.replaceAll(' ', '\u00a0')
  const start = parseServiceDate(from)
  const end = parseServiceDate(thru)
  // "3 Jan – 20 Feb 2026" when both fall in one year.
  if (start && end && start.getFullYear() === end.getFullYear())
    return `${keep(dayMonth().format(start))} – ${keep(formatDisplayDate(thru))}`
  return `${from ? keep(formatDisplayDate(from)) : 'open'} – ${thru ? keep(formatDisplayDate(thru)) : 'open'}`
}

const days = (n: number) => `${formatNumber(n)} day${n === 1 ? '' : 's'}`

/** "Waiting 12 days" since the request arrived (calendar days), or "Arrived today". */
export function waitingFor(received: string | null | undefined, now: Date = new Date()) {
  const date = parseServiceDate(received)
  if (!date) return null
  const waited = calendarDaysBetween(date, now)
  return waited < 1 ? 'Arrived today' : `Waiting ${days(waited)}`
}

/** Where today falls in an approved period: "Ends in 12 days", "Ended 3 days ago", "Starts in 2 days". */
/** Whether a period ending on `thru` is over: its last day was before today. */
export function periodEnded(thru: string | null | undefined, now: Date = new Date()): boolean {
  const end = parseServiceDate(thru)
  return end !== null && calendarDaysBetween(now, end) < 0
}

export function periodNote(
  from: string | null | undefined,
  thru: string | null | undefined,
  now: Date = new Date(),
): string | null {
  const start = parseServiceDate(from)
  const end = parseServiceDate(thru)
  if (start && calendarDaysBetween(now, start) > 0)
    return `Starts in ${days(calendarDaysBetween(now, start))}`
  if (end) {
    const left = calendarDaysBetween(now, end)
    if (left < 0) return `Ended ${days(-left)} ago`
    return left === 0 ? 'Ends today' : `Ends in ${days(left)}`
  }
  return null
}
