import { byLocale, clockOptions } from '@/lib/format/format'
import type { DecisionClock } from '../model/decision-clock'

/*
 * The decision clock in words, on the display locale's calendar and clock: what the model
 * (`model/decision-clock.ts`) works out, as the auth's page, its chips, the print summary and the
 * status dialog say it.
 */

const MINUTE = 60_000

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A length of time as staff say it, to the nearest minute: "1 day 4 h", "5 h 30 min", "45 min". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / MINUTE)
  if (minutes === 0) return 'less than a minute'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day')
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`
  return `${mins} min`
}

/** A due time's date and time on the display locale's clock, with the year or without. */
const dueFormatOf = (year: boolean) =>
  byLocale(
    (l) =>
      new Intl.DateTimeFormat(l, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(year ? { year: 'numeric' } : {}),
        ...clockOptions(l),
      }),
  )

/** "Thu 26 Nov, 14:00" (or "Thu, Nov 26, 2:00 PM"). */
const dueFormat = dueFormatOf(false)
/** The same with the year, for a date outside the current one ("Mon 4 Jan 2027, 14:00"). */
const dueFormatWithYear = dueFormatOf(true)

/** When a decision is due: the year said whenever it is not this one (`now`'s). */
export const formatDue = (due: Date, now: Date = new Date()) =>
  due.getFullYear() === now.getFullYear()
    ? dueFormat().format(due)
    : dueFormatWithYear().format(due)

/** "in 1 day 4 h" or "overdue by 2 days". */
export function leftText(clock: Extract<DecisionClock, { kind: 'running' }>): string {
  return clock.left < 0
    ? `overdue by ${describeDuration(clock.left)}`
    : `in ${describeDuration(clock.left)}`
}

/**
 * The clock in words: "Decision due Thu 26 Nov, 14:00 — in 1 day 4 h", "… — overdue by 2 days";
 * for an auth without a running clock, why.
 */
export function clockText(clock: DecisionClock): string {
  switch (clock.kind) {
    case 'decided':
      return 'Decided'
    case 'no-received-date':
      return 'No decision clock: the received date is not recorded'
    case 'no-rule':
      return 'No decision clock: no rule applies to this auth'
    case 'running':
      return `Decision due ${formatDue(clock.due)} — ${leftText(clock)}`
  }
}
