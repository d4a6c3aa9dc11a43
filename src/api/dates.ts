import { formatServiceDate, parseServiceDate } from './schemas/common'

export {
  formatServiceDate,
  localInstant,
  normalizeServiceDate,
  parseServiceDate,
  serviceDateReading,
  type ServiceDateReading,
} from './schemas/common'

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
