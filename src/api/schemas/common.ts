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

/** The parts of a service date's text, the month from 0; null for text that is no date. */
function datePartsOf(text: unknown) {
  if (typeof text !== 'string') return null
  const m = DATE_PARTS.exec(text.trim())
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m
  const parts = {
    year: Number(y),
    month: Number(mo) - 1,
    day: Number(d),
    hours: Number(h),
    minutes: Number(mi),
    seconds: Number(s),
    ms: Number((frac + '000').slice(0, 3)),
    /** Minutes east of UTC; null for offset-free text (wall-clock time). */
    offset:
      zone === undefined
        ? null
        : zone === 'Z'
          ? 0
          : (zone.startsWith('-') ? -1 : 1) *
            (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))),
  }
  if (parts.hours > 23 || parts.minutes > 59 || parts.seconds > 59 || parts.month > 11) return null
  return parts
}
type DateParts = NonNullable<ReturnType<typeof datePartsOf>>

/** The parts read as UTC, in milliseconds; a day past the month's end rolls over. */
function utcMs(p: DateParts): number {
  // Date.UTC reads years 0 to 99 as 1900 to 1999: those are set with the setter.
  if (p.year >= 100) return Date.UTC(p.year, p.month, p.day, p.hours, p.minutes, p.seconds, p.ms)
  const date = new Date(0)
  date.setUTCFullYear(p.year, p.month, p.day)
  date.setUTCHours(p.hours, p.minutes, p.seconds, p.ms)
  return date.getTime()
}

/** A service date as the service wrote it: its wall-clock reading, and whether it had a zone. */
export interface ServiceDateReading {
  /**
   * The wall-clock reading in milliseconds as if it were UTC; with a zone (`Z` or an offset),
   * the instant itself.
   */
  wallMs: number
  zoned: boolean
}

/**
 * Reads a service date without placing it in a time zone (the mirror stores this; the zone of
 * each question is applied later): null for anything `parseServiceDate` takes for no date, whose
 * instant is `zoned ? wallMs : localInstant(wallMs)` of it.
 */
export function serviceDateReading(text: unknown): ServiceDateReading | null {
  const p = datePartsOf(text)
  if (!p) return null
  const wall = utcMs(p)
  if (Number.isNaN(wall)) return null
  if (p.offset !== null) return { wallMs: wall - p.offset * 60_000, zoned: true }
  // Offset-free text names a real day or nothing (2026-02-30 does not roll into March).
  const check = new Date(wall)
  if (check.getUTCMonth() !== p.month || check.getUTCDate() !== p.day) return null
  return { wallMs: wall, zoned: false }
}

/**
 * Parses a service date tolerantly. Offset-free text is wall-clock time in the local time zone;
 * text with `Z` or an offset is converted to the local wall clock. Returns null for anything
 * that is not a real date (including 2026-02-30).
 */
export function parseServiceDate(text: string | null | undefined): Date | null {
  const p = datePartsOf(text)
  if (!p) return null
  if (p.offset !== null) {
    const date = new Date(utcMs(p) - p.offset * 60_000)
    return Number.isNaN(date.getTime()) ? null : date
  }
  // The local date made at once from its parts (localInstant would make it from a UTC reading:
  // the same date, slower, and the event index reads hundreds of thousands).
  const date = localDate(p.year, p.month, p.day, p.hours, p.minutes, p.seconds, p.ms)
  if (Number.isNaN(date.getTime())) return null
  // Reject overflowing parts (Feb 30 rolls into March in Date's arithmetic).
  if (date.getMonth() !== p.month || date.getDate() !== p.day) return null
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
