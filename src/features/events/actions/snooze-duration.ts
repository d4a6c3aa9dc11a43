import { formatServiceDate, fromDateTimeInputValue, parseServiceDate } from '@/api/dates'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { StringOption } from '@/api/schemas/static-option'
import { startOfDay } from '../model/days'

const UNIT_MINUTES: Record<string, number> = {
  MIN: 1,
  MINS: 1,
  MINUTE: 1,
  MINUTES: 1,
  HOUR: 60,
  HOURS: 60,
  DAY: 1440,
  DAYS: 1440,
  WEEK: 10080,
  WEEKS: 10080,
}

/**
 * The length of a snooze key such as `SNOOZE_15_MIN` or `SNOOZE_2_HOURS`, in minutes; null when
 * the key does not say. Only used to move a reminder at once while the service answers.
 */
export function snoozeMinutes(key: string): number | null {
  const m = /^SNOOZE_(\d+)_([A-Z]+)$/i.exec(key.trim())
  const unit = m ? UNIT_MINUTES[(m[2] as string).toUpperCase()] : undefined
  return m && unit ? Number(m[1]) * unit : null
}

/** Where a snooze is expected to move the next reminder (canonical date text). */
export function expectedSnoozeUntil(key: string, now: Date): string {
  const minutes = snoozeMinutes(key) ?? 15
  return formatServiceDate(new Date(now.getTime() + minutes * 60_000))
}

/** "15 minutes": the list's name of a duration, else the key made readable. */
export function snoozeLabel(key: string, options: readonly StringOption[] | undefined): string {
  const named = options?.find((o) => o.option_Key === key)?.display?.trim()
  if (named) return named
  if (key === DEFAULT_SNOOZE_DURATION) return '15 minutes'
  return key
    .replace(/^SNOOZE_/i, '')
    .replace(/_/g, ' ')
    .toLowerCase()
}

/** Tomorrow at 09:00 (local), the time "Snooze until…" offers first: a service date. */
export function defaultSnoozeUntil(now: Date): string {
  const at = startOfDay(now, 1)
  at.setHours(9)
  return formatServiceDate(at)
}

/**
 * The time typed into a "Snooze until…" picker (a `datetime-local` value) as a service date, or
 * why it cannot be used: empty, not a real time, or not after now.
 */
export function readSnoozeUntil(
  value: string,
  now: Date,
): { until: string; problem?: undefined } | { problem: string } {
  const until = fromDateTimeInputValue(value)
  if (until === null) return { problem: 'Choose a date and a time' }
  if ((parseServiceDate(until)?.getTime() ?? 0) <= now.getTime())
    return { problem: 'Choose a time after now' }
  return { until }
}
