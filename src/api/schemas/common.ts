import { z } from './zod'

/**
 * A date-time as the service sends it. The canonical form is offset-free wall-clock time
 * (`2026-03-14T09:30:00`); a trailing `Z`, an offset, fractional seconds, a space instead of `T`
 * or a date alone are accepted too. Parsing into `Date` lives in `src/api/dates.ts`.
 */
export const SERVICE_DATE_PATTERN =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/

export const serviceDate = z
  .string()
  .check(z.regex(SERVICE_DATE_PATTERN, { error: 'Expected a date such as 2026-03-14T09:30:00' }))

/** Text field that may be absent or null. */
export const optText = () => z.nullish(z.string())
/** Whole number that may be absent or null. */
export const optInt = () => z.nullish(z.int())
/** Number that may be absent or null. */
export const optNum = () => z.nullish(z.number())
/** Date that may be absent or null. */
export const optDate = () => z.nullish(serviceDate)

const DATE_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/

/**
 * The local date of these wall-clock parts (month from 0), as `new Date(y, m, d, …)` makes it:
 * an hour the clock skips read with the offset from before, one it repeats as the earlier.
 */
function localDate(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds: number,
  ms: number,
): Date {
  // Years 0 to 99 are set with setFullYear: `new Date(26, …)` and `Date.UTC(26, …)` mean 1926.
  // Other local dates are made at once: the setters are many times slower, and the event index
  // reads hundreds of thousands of dates.
  if (year >= 100) return new Date(year, month, day, hours, minutes, seconds, ms)
  const date = new Date(0)
  date.setFullYear(year, month, day)
  date.setHours(hours, minutes, seconds, ms)
  return date
}

/**
 * The instant a wall-clock reading names in the local time zone, the reading given as
 * milliseconds as if it were UTC: what `parseServiceDate` makes of offset-free text.
 */
export function localInstant(wallMs: number): number {
  const w = new Date(wallMs)
  return localDate(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
    w.getUTCMilliseconds(),
  ).getTime()
}

/**
 * Parses a service date tolerantly. Offset-free text is wall-clock time in the local time zone;
 * text with `Z` or an offset is converted to the local wall clock. Returns null for anything
 * that is not a real date (including 2026-02-30).
 */
export function parseServiceDate(text: string | null | undefined): Date | null {
  if (typeof text !== 'string') return null
  const m = DATE_PARTS.exec(text.trim())
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m
  const ms = Number((frac + '000').slice(0, 3))
  const parts = [
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    ms,
  ] as const
  const [year, month, day, ...time] = parts
  let date: Date
  if (!zone) date = localDate(year, month, day, ...time)
  else {
    const offset =
      zone === 'Z'
        ? 0
        : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)))
    date = new Date(0)
    date.setUTCFullYear(year, month, day)
    date.setUTCHours(time[0], time[1] - offset, time[2], time[3])
  }
  if (Number.isNaN(date.getTime())) return null
  // Reject overflowing parts (Feb 30 rolls into March in Date's arithmetic).
  if (!zone && (date.getMonth() !== parts[1] || date.getDate() !== parts[2])) return null
  if (zone && Number(mo) > 12) return null
  if (parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null
  return date
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Formats a date in the canonical offset-free form, `2026-03-14T09:30:00` (local wall clock). */
export function formatServiceDate(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

/** Rewrites a tolerant date text into the canonical form; null when it is not a date. */
export function normalizeServiceDate(text: string | null | undefined): string | null {
  const date = parseServiceDate(text)
  return date ? formatServiceDate(date) : null
}
