import { formatServiceDate } from '../../src/api/schemas/common'

/*
 * Dates as the service stores them: offset-free wall-clock text to the second,
 * `2026-03-14T09:30:00`, years 0001 to 9999. A date a client sends is stored exactly or refused,
 * never rewritten into something else: offset-free text is checked and written canonically
 * without passing through `Date`; text with `Z` or an offset names an instant, which is stored
 * as the local wall-clock time of the sandbox's zone (`TZ`) when that time names it exactly.
 */

const PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/

export const FIRST_YEAR = 1
export const LAST_YEAR = 9999

export type StorableDate = { ok: true; value: string } | { ok: false; error: string }

const refuse = (error: string): StorableDate => ({ ok: false, error })

const daysIn = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A local time from its parts, years 0 to 99 included (`new Date(26, …)` would mean 1926). */
function localTime(y: number, mo: number, d: number, h: number, mi: number, s: number): Date {
  const date = new Date(2000, 0, 1)
  date.setFullYear(y, mo - 1, d)
  date.setHours(h, mi, s, 0)
  return date
}

/**
 * What the service stores for a date text, or why it cannot store it exactly: an impossible
 * calendar date or time, a year outside 0001..9999 (before or after conversion to local time),
 * an offset beyond ±23:59, a fraction of a second (it keeps seconds), or an instant whose local
 * time is ambiguous (the hour the clocks repeat when they go back). Messages never repeat the
 * value sent.
 */
export function storableDate(text: string): StorableDate {
  const m = PARTS.exec(text)
  if (!m) return refuse('Expected a date such as 2026-03-14T09:30:00')
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)]
  const fraction = m[7] ?? ''
  if (y < FIRST_YEAR) return refuse(`The year must be from 0001 to ${LAST_YEAR}`)
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return refuse('Not a real calendar date')
  if (h > 23 || mi > 59 || s > 59) return refuse('Not a real time of day')
  if (/[1-9]/.test(fraction))
    return refuse('The service keeps dates to the second: a fraction of a second would be lost')
  const wallClock = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`
  const zone = m[8]
  if (!zone) return { ok: true, value: wallClock }

  const [sign, offsetHours, offsetMinutes] = [m[9], Number(m[10] ?? 0), Number(m[11] ?? 0)]
  if (offsetHours > 23 || offsetMinutes > 59)
    return refuse('Not a possible UTC offset: expected one from -23:59 to +23:59')
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  const utc = new Date(0)
  utc.setUTCFullYear(y, mo - 1, d)
  utc.setUTCHours(h, mi - offset, s, 0)
  const year = utc.getFullYear()
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return refuse(
      `Once converted to the service's local time the year falls outside 0001 to ${LAST_YEAR}`,
    )
  const local = formatServiceDate(utc)
  // The local text must name the same instant again: in the hour the clocks repeat it would not.
  const back = localTime(
    utc.getFullYear(),
    utc.getMonth() + 1,
    utc.getDate(),
    utc.getHours(),
    utc.getMinutes(),
    utc.getSeconds(),
  )
  if (back.getTime() !== utc.getTime())
    return refuse(
      'Falls in the hour the local clocks repeat, so the local time the service keeps would not say which: send the local time without an offset',
    )
  return { ok: true, value: local }
}

/**
 * A date the service computes (a snooze, a schedule's next occurrence) as stored text, or null
 * when it falls outside the years it can store.
 */
export function storedText(date: Date): string | null {
  const year = date.getFullYear()
  return Number.isNaN(date.getTime()) || year < FIRST_YEAR || year > LAST_YEAR
    ? null
    : formatServiceDate(date)
}
