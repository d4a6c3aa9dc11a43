import { formatServiceDate, parseServiceDate } from './schemas/common'

export { formatServiceDate, normalizeServiceDate, parseServiceDate } from './schemas/common'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * A service date as the value of `<input type="datetime-local">` (`YYYY-MM-DDTHH:mm`, local wall
 * clock); `''` when there is no valid date.
 */
export function toDateTimeInputValue(serviceDate: string | null | undefined): string {
  const date = parseServiceDate(serviceDate)
  if (!date) return ''
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  )
}

const INPUT_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/

/**
 * The value of a `datetime-local` input as a canonical service date (`2026-03-14T09:30:00`); null
 * when the input is empty or not a real date.
 */
export function fromDateTimeInputValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !INPUT_VALUE.test(value.trim())) return null
  const date = parseServiceDate(value.trim())
  return date ? formatServiceDate(date) : null
}

/**
 * Locale of displayed dates and numbers: `config.json`'s `locale`, else the browser's, set once
 * at start (`setDisplayLocale`), so text and the browser's own date inputs agree. Before that
 * (and in tests) en-GB: day month year, 24-hour clock ("14 Mar 2026, 09:30").
 */
let displayLocale = 'en-GB'
export const getDisplayLocale = () => displayLocale

/** Sets the display locale (an unsupported tag falls back to en-GB); returns the one in use. */
export function setDisplayLocale(wanted: string | undefined): string {
  let supported: string | undefined
  try {
    supported = wanted ? Intl.DateTimeFormat.supportedLocalesOf([wanted])[0] : undefined
  } catch {
    supported = undefined // not a well-formed tag
  }
  displayLocale = supported ?? 'en-GB'
  if (typeof document !== 'undefined') document.documentElement.lang = displayLocale
  return displayLocale
}

/**
 * A formatter for the display locale, made on first use and again if the locale changes:
 * `const title = byLocale((l) => new Intl.DateTimeFormat(l, {...}))`, then `title().format(d)`.
 */
export function byLocale<T>(make: (locale: string) => T): () => T {
  let made: { locale: string; value: T } | undefined
  return () => {
    if (made?.locale !== displayLocale) made = { locale: displayLocale, value: make(displayLocale) }
    return made.value
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    })
    dateFormats.set(key, format)
  }
  return format
}

/**
 * "14 Mar 2026". Empty for a missing date; text the service sent that is not a date is shown as
 * it came rather than hidden.
 */
export function formatDisplayDate(
  serviceDate: string | null | undefined,
  locale: string = displayLocale,
): string {
  if (!serviceDate) return ''
  const date = parseServiceDate(serviceDate)
  return date ? formatter(locale, false).format(date) : serviceDate
}

/** "14 Mar 2026, 09:30" (see `formatDisplayDate`). */
export function formatDisplayDateTime(
  serviceDate: string | null | undefined,
  locale: string = displayLocale,
): string {
  if (!serviceDate) return ''
  const date = parseServiceDate(serviceDate)
  return date ? formatter(locale, true).format(date) : serviceDate
}

/**
 * Orders two service dates, earliest first, for `Array.prototype.sort`. Missing or invalid dates
 * sort after every real one.
 */
export function compareServiceDates(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const ta = parseServiceDate(a)?.getTime()
  const tb = parseServiceDate(b)?.getTime()
  if (ta === undefined) return tb === undefined ? 0 : 1
  if (tb === undefined) return -1
  return ta - tb
}
