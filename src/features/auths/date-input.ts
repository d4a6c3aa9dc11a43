import { formatServiceDate, parseServiceDate } from '@/api/dates'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/

/** A service date as the value of `<input type="date">` (`YYYY-MM-DD`); `''` when none. */
export function toDateInputValue(serviceDate: string | null | undefined): string {
  const date = parseServiceDate(serviceDate)
  if (!date) return ''
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The value of a date input as a canonical service date at midnight; null when empty or unreal. */
export function fromDateInputValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !DATE_VALUE.test(value.trim())) return null
  const date = parseServiceDate(value.trim())
  return date ? formatServiceDate(date) : null
}
