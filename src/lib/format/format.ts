/*
 * Every displayed date, time and number, in the display locale (`locale.ts`): its grouping of
 * digits, its order of day and month, and its clock ("14:30" in en-GB, "2:30 PM" in en-US).
 * Parsing and writing the service's own dates stays in src/api/dates.ts.
 */
import { parseServiceDate } from '@/api/dates'
import { byLocale, getDisplayLocale, hourCycleOf } from './locale'

export {
  byLocale,
  firstDayOfWeek,
  getDisplayLocale,
  setDisplayLocale,
  uses12HourClock,
} from './locale'

/**
 * Hours and minutes on the locale's clock: "09:30" and "14:30" (two-digit hours on a 24-hour
 * clock), "9:30 AM" and "2:30 PM" on a 12-hour one. Spread into other options for a date too.
 */
export function clockOptions(locale: string = getDisplayLocale()): Intl.DateTimeFormatOptions {
  const hourCycle = hourCycleOf(locale)
  return {
    hour: hourCycle.startsWith('h1') ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle,
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? clockOptions(locale) : {}),
    })
    formats.set(key, format)
  }
  return format
}

/**
 * "14 Mar 2026" (en-US "Mar 14, 2026"). Empty for a missing date; text the service sent that is
 * not a date is shown as it came rather than hidden.
 */
export function formatDisplayDate(
  serviceDate: string | null | undefined,
  locale: string = getDisplayLocale(),
): string {
  if (!serviceDate) return ''
  const date = parseServiceDate(serviceDate)
  return date ? formatter(locale, false).format(date) : serviceDate
}

/** "14 Mar 2026, 09:30" (en-US "Mar 14, 2026, 9:30 AM"; see `formatDisplayDate`). */
export function formatDisplayDateTime(
  serviceDate: string | null | undefined,
  locale: string = getDisplayLocale(),
): string {
  if (!serviceDate) return ''
  const date = parseServiceDate(serviceDate)
  return date ? formatter(locale, true).format(date) : serviceDate
}

const clock = byLocale((l) => new Intl.DateTimeFormat(l, clockOptions(l)))
const dayAndClock = byLocale(
  (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', ...clockOptions(l) }),
)

/** The time of a moment: "09:12", "9:12 AM". */
export const formatClock = (date: Date | number) => clock().format(date)

/** Day, month and time of a moment: "23 Nov, 21:40", "Nov 23, 9:40 PM". */
export const formatDayAndClock = (date: Date | number) => dayAndClock().format(date)

const count = byLocale((l) => new Intl.NumberFormat(l))
const decimal = byLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }))
const money = byLocale(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
)

/** A count with the locale's grouping: "1,000" (en-GB, en-US), "1.000" (de-DE). */
export const formatCount = (n: number) => count().format(n)

/** A number as staff read it, at most two decimals: "1,234.5". */
export const formatNumber = (n: number) => decimal().format(n)

/** An amount with its cents: "1,234.50". */
export const formatMoney = (n: number) => money().format(n)

/** A service date written inside a message ("saved at 2026-11-24T10:00:00.123"). */
const STAMP_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b/g

/**
 * A message of the service with each date in it written as the console writes dates ("saved at
 * 24 Nov 2026, 10:00"), so a refusal reads like the rest of the page.
 */
export function readableDates(text: string): string {
  return text.replace(STAMP_IN_TEXT, (stamp) => formatDisplayDateTime(stamp))
}
