import { DISPLAY_LOCALE } from '@/api/dates'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

let format: Intl.RelativeTimeFormat | undefined

/** "in 3 hours", "2 days ago", "now": how far `date` is from `now`, in the largest whole unit. */
export function formatRelative(date: Date, now: Date): string {
  format ??= new Intl.RelativeTimeFormat(DISPLAY_LOCALE, { numeric: 'auto' })
  const diff = date.getTime() - now.getTime()
  for (const [unit, ms] of UNITS) {
    const n = Math.trunc(diff / ms)
    if (n !== 0) return format.format(n, unit)
  }
  return 'now'
}
