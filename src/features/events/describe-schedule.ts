import { parseServiceDate } from '@/api/dates'
import { formatDisplayDate } from '@/lib/format/format'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import type { IntegerOption } from '@/api/schemas/static-option'

/** The lookup lists a schedule's numbers take their meaning from (any may be empty). */
export interface ScheduleLookups {
  intervals: readonly IntegerOption[]
  intervalOptions: readonly IntegerOption[]
  endOptions: readonly IntegerOption[]
  daysOfWeek: readonly IntegerOption[]
  monthsOfYear: readonly IntegerOption[]
}

type Unit = 'day' | 'week' | 'month' | 'year'

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const UNIT_BY_KEY: Record<number, Unit> = { 1: 'day', 2: 'week', 3: 'month', 4: 'year' }
const ORDINALS = ['first', 'second', 'third', 'fourth', 'last']
const WEEKDAY_FLAGS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const

const display = (list: readonly IntegerOption[], key: number | null | undefined) =>
  key == null ? undefined : list.find((o) => o.option_Key === key)?.display?.trim() || undefined

/** Day 1 Monday..7 Sunday, by the `/days-of-week` list. */
const dayName = (lookups: ScheduleLookups, isoDay: number) =>
  display(lookups.daysOfWeek, isoDay) ?? DAY_NAMES[isoDay - 1] ?? `day ${isoDay}`
/** Month 1..12, by the `/months-of-year` list. */
const monthName = (lookups: ScheduleLookups, month: number) =>
  display(lookups.monthsOfYear, month) ?? MONTH_NAMES[month - 1] ?? `month ${month}`

/** The unit of a `schedule_Interval`: read from its lookup name ("Weekly"), else its number. */
function unitOf(lookups: ScheduleLookups, key: number | null | undefined): Unit | undefined {
  const name = display(lookups.intervals, key)?.toLowerCase() ?? ''
  if (name.includes('month')) return 'month'
  if (name.includes('week')) return 'week'
  if (name.includes('year') || name.includes('annual')) return 'year'
  if (name.includes('dai') || name.includes('day')) return 'day'
  // A name this console cannot read is described by the name itself, not guessed from the key.
  return name || key == null ? undefined : UNIT_BY_KEY[key]
}

/** "Monday", "Monday and Thursday", "Monday, Wednesday and Friday". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

const isoDayOf = (date: Date) => ((date.getDay() + 6) % 7) + 1

/** "the second Tuesday" ("last" from the fifth week on), as the service computes it. */
function weekdayOfMonth(s: EventSchedule, start: Date | null, lookups: ScheduleLookups) {
  const weekday = s.relative_Frequency ?? (start ? isoDayOf(start) : null)
  const ordinal = start ? ORDINALS[Math.ceil(start.getDate() / 7) - 1] : undefined
  const day = weekday ? dayName(lookups, weekday) : 'weekday'
  return ordinal ? `the ${ordinal} ${day}` : `a ${day}`
}

/** "on day 14", "on the last day", "on the second Tuesday": a day within a month. */
function dayInMonth(s: EventSchedule, start: Date | null, lookups: ScheduleLookups): string {
  const option = s.interval_Option ?? 1
  if (option === 2) return 'the last day'
  if (option === 3) return weekdayOfMonth(s, start, lookups)
  if (option === 1) return start ? `day ${start.getDate()}` : 'the start day'
  return display(lookups.intervalOptions, option)?.toLowerCase() ?? `day option ${option}`
}

function every(n: number, unit: Unit): string {
  return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`
}

function rule(s: EventSchedule, lookups: ScheduleLookups): string {
  const unit = unitOf(lookups, s.schedule_Interval)
  const n = s.frequency_Factor && s.frequency_Factor > 0 ? s.frequency_Factor : 1
  const start = parseServiceDate(s.start_Date)
  if (!unit) {
    const name = display(lookups.intervals, s.schedule_Interval)
    if (name) return `Repeats ${name.toLowerCase()}`
    return s.description?.trim() || 'Repeats on an interval this console does not know'
  }
  if (unit === 'day') return every(n, 'day')
  if (unit === 'week') {
    const flagged = WEEKDAY_FLAGS.flatMap((flag, i) => (s[flag] ? [i + 1] : []))
    const days = flagged.length > 0 ? flagged : start ? [isoDayOf(start)] : []
    const names = days.map((d) => dayName(lookups, d))
    return names.length ? `${every(n, 'week')} on ${joinWords(names)}` : every(n, 'week')
  }
  if (unit === 'month') return `${every(n, 'month')} on ${dayInMonth(s, start, lookups)}`
  const month = s.frequency ?? (start ? start.getMonth() + 1 : null)
  const monthText = month ? monthName(lookups, month) : 'the start month'
  const option = s.interval_Option ?? 1
  const on =
    option === 1 && start
      ? `${start.getDate()} ${monthText}`
      : `${dayInMonth(s, start, lookups)} of ${monthText}`
  return `${every(n, 'year')} on ${on}`
}

function ending(s: EventSchedule, lookups: ScheduleLookups): string {
  const option = s.end_Option
  const byDate = option === 3 || (option == null && s.end_Date)
  const byCount = option === 2 || (option == null && s.total_Occurrences != null)
  if (byDate) return s.end_Date ? `, until ${formatDisplayDate(s.end_Date)}` : ''
  if (byCount && s.total_Occurrences != null)
    return s.total_Occurrences === 1 ? ', once' : `, ${s.total_Occurrences} times`
  if (option != null && option !== 1) {
    const name = display(lookups.endOptions, option)
    return name ? ` (${name.toLowerCase()})` : ''
  }
  return ''
}

/**
 * A schedule in words, e.g. "Every 2 weeks on Monday and Thursday, until 30 Jun 2026", with day,
 * month and option names from the lookup lists (English names when a list is unavailable).
 */
export function describeSchedule(schedule: EventSchedule, lookups: ScheduleLookups): string {
  return rule(schedule, lookups) + ending(schedule, lookups)
}
