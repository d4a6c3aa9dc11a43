/**
 * Recurrence rules of event schedules, as pure functions over local wall-clock dates (the
 * service's canonical dates are offset-free, so all arithmetic is on calendar parts, which keeps
 * an occurrence at 09:00 across daylight-saving changes).
 *
 * How an EventSchedule's fields map onto a rule (keys are those of the lookups):
 *
 * - `schedule_Interval` (`/schedule-intervals`):
 *   1 Daily: every `frequency_Factor` days.
 *   2 Weekly: on each weekday flagged `monday`..`sunday`, every `frequency_Factor` weeks (weeks
 *     start on Monday; with no weekday flagged, the start date's weekday).
 *   3 Monthly: every `frequency_Factor` months, on the day `interval_Option` names.
 *   4 Yearly: every `frequency_Factor` years, in month `frequency` (`/months-of-year`, 1..12;
 *     default the start date's month), on the day `interval_Option` names.
 * - `interval_Option` (`/schedule-interval-options`), for Monthly and Yearly:
 *   1 Day of month (the default): the start date's day of month, or the month's last day when the
 *     month is shorter (a rule starting on the 31st falls on 30 April).
 *   2 Last day of month.
 *   3 Weekday of month: the same ordinal weekday as the start date ("2nd Tuesday"; a start in the
 *     5th week means the last such weekday); `relative_Frequency` (`/days-of-week`, 1 Monday..
 *     7 Sunday) overrides the weekday.
 * - `frequency_Factor`: the N of "every N"; null means 1.
 * - `start_Date` is the first possible occurrence; the time of day comes from `start_Time` when
 *   set, else from `start_Date`.
 * - `end_Option` (`/schedule-interval-end-options`): 1 No end date; 2 End after
 *   `total_Occurrences` occurrences (counted from the start); 3 End by `end_Date` (that whole day
 *   included). With no `end_Option`, whichever of `end_Date` / `total_Occurrences` is set applies.
 */
import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'

export const ScheduleInterval = { Daily: 1, Weekly: 2, Monthly: 3, Yearly: 4 } as const
export const IntervalOption = { DayOfMonth: 1, LastDayOfMonth: 2, WeekdayOfMonth: 3 } as const
export const EndOption = { None: 1, AfterOccurrences: 2, ByDate: 3 } as const

/** The EventSchedule fields a rule is read from (dates as the service's date text). */
export interface ScheduleRuleFields {
  schedule_Interval?: number | null
  frequency_Factor?: number | null
  interval_Option?: number | null
  frequency?: number | null
  relative_Frequency?: number | null
  monday?: boolean
  tuesday?: boolean
  wednesday?: boolean
  thursday?: boolean
  friday?: boolean
  saturday?: boolean
  sunday?: boolean
  start_Date?: string | null
  start_Time?: string | null
  end_Option?: number | null
  end_Date?: string | null
  total_Occurrences?: number | null
}

export interface RecurrenceRule {
  interval: number
  /** Every N days, weeks, months or years (>= 1). */
  every: number
  /** Monday..Sunday, for Weekly. */
  weekdays: readonly boolean[]
  option: number
  /** 1..12, for Yearly. */
  month: number | null
  /** ISO weekday 1 Monday..7 Sunday, for Weekday of month. */
  weekday: number | null
  /** The first possible occurrence, with the time of day of every occurrence. */
  start: Date
  /** The last day an occurrence may fall on (whole day included), or null. */
  endDay: Date | null
  /** How many occurrences the series has, or null. */
  count: number | null
}

/** Longest walk through a series before giving up (a rule starting in 1900 stays answerable). */
const MAX_STEPS = 500_000

/** ISO weekday index 0 Monday..6 Sunday. */
const isoDay = (d: Date) => (d.getDay() + 6) % 7
const daysInMonth = (year: number, month: number) => new Date(year, month + 1, 0).getDate()
const isWhole = (n: number | null | undefined, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max

/** Reads a rule from a schedule; a text explaining why when the schedule cannot recur. */
export function ruleFromSchedule(s: ScheduleRuleFields): RecurrenceRule | string {
  const interval = s.schedule_Interval
  if (!isWhole(interval, 1, 4))
    return `its schedule_Interval ${interval ?? 'null'} is not one of 1 Daily, 2 Weekly, 3 Monthly, 4 Yearly`
  const every = s.frequency_Factor ?? 1
  if (!isWhole(every, 1, 10_000)) return `its frequency_Factor ${every} is not a whole number >= 1`
  const startDate = parseServiceDate(s.start_Date)
  if (!startDate) return 'it has no start_Date'
  const time = parseServiceDate(s.start_Time) ?? startDate
  const start = new Date(
    startDate.getFullYear(),
    startDate.getMonth(),
    startDate.getDate(),
    time.getHours(),
    time.getMinutes(),
    time.getSeconds(),
  )
  const option = s.interval_Option ?? IntervalOption.DayOfMonth
  if (!isWhole(option, 1, 3))
    return `its interval_Option ${option} is not one of 1 Day of month, 2 Last day, 3 Weekday of month`
  const month = s.frequency ?? null
  if (month !== null && !isWhole(month, 1, 12)) return `its frequency (month) ${month} is not 1..12`
  const weekday = s.relative_Frequency ?? null
  if (weekday !== null && !isWhole(weekday, 1, 7))
    return `its relative_Frequency (weekday) ${weekday} is not 1..7`

  const endOption = s.end_Option ?? null
  if (endOption !== null && !isWhole(endOption, 1, 3))
    return `its end_Option ${endOption} is not one of 1 No end, 2 After N occurrences, 3 By date`
  let endDay: Date | null = null
  let count: number | null = null
  if (endOption === EndOption.ByDate || (endOption === null && s.end_Date)) {
    const end = parseServiceDate(s.end_Date)
    if (!end) return 'it ends by a date but has no valid end_Date'
    endDay = new Date(end.getFullYear(), end.getMonth(), end.getDate())
  }
  if (
    endOption === EndOption.AfterOccurrences ||
    (endOption === null && s.total_Occurrences != null)
  ) {
    if (!isWhole(s.total_Occurrences, 0, 1_000_000))
      return 'it ends after a number of occurrences but total_Occurrences is not a whole number'
    count = s.total_Occurrences
  }
  const weekdays = [s.monday, s.tuesday, s.wednesday, s.thursday, s.friday, s.saturday, s.sunday]
  return {
    interval,
    every,
    weekdays: weekdays.map(Boolean),
    option,
    month,
    weekday,
    start,
    endDay,
    count,
  }
}

/** The day (1..31) of the occurrence in `year`/`month` (0-based) under the rule's option. */
function dayInMonth(rule: RecurrenceRule, year: number, month: number): number {
  const last = daysInMonth(year, month)
  if (rule.option === IntervalOption.LastDayOfMonth) return last
  if (rule.option === IntervalOption.WeekdayOfMonth) {
    const weekday = rule.weekday === null ? isoDay(rule.start) : rule.weekday - 1
    const ordinal = Math.ceil(rule.start.getDate() / 7) // 1..5; 5 means the last one
    const firstWeekday = isoDay(new Date(year, month, 1))
    const first = 1 + ((weekday - firstWeekday + 7) % 7)
    const nth = first + 7 * (ordinal - 1)
    return ordinal === 5 || nth > last ? first + 7 * Math.floor((last - first) / 7) : nth
  }
  return Math.min(rule.start.getDate(), last)
}

/** Every candidate date of the rule from its start on, before end and count are applied. */
function* candidates(rule: RecurrenceRule): Generator<Date> {
  const { start, every } = rule
  const [y, m, d] = [start.getFullYear(), start.getMonth(), start.getDate()]
  const [h, mi, s] = [start.getHours(), start.getMinutes(), start.getSeconds()]
  const at = (year: number, month: number, day: number) => new Date(year, month, day, h, mi, s)
  switch (rule.interval) {
    case ScheduleInterval.Daily:
      for (let k = 0; ; k += every) yield at(y, m, d + k)
    case ScheduleInterval.Weekly: {
      const days = rule.weekdays.some(Boolean)
        ? rule.weekdays.flatMap((on, i) => (on ? [i] : []))
        : [isoDay(start)]
      const monday = d - isoDay(start)
      for (let week = 0; ; week += every)
        for (const day of days) yield at(y, m, monday + week * 7 + day)
    }
    case ScheduleInterval.Monthly:
      for (let k = 0; ; k += every) {
        const first = new Date(y, m + k, 1)
        const [year, month] = [first.getFullYear(), first.getMonth()]
        yield at(year, month, dayInMonth(rule, year, month))
      }
    default: {
      const month = rule.month === null ? m : rule.month - 1
      for (let k = 0; ; k += every) yield at(y + k, month, dayInMonth(rule, y + k, month))
    }
  }
}

/** The occurrences of the rule in order, honouring its end date and occurrence count. */
export function* occurrences(rule: RecurrenceRule): Generator<Date> {
  const endLimit = rule.endDay
    ? new Date(rule.endDay.getFullYear(), rule.endDay.getMonth(), rule.endDay.getDate() + 1)
    : null
  let yielded = 0
  let steps = 0
  for (const date of candidates(rule)) {
    if (++steps > MAX_STEPS) return
    if (date < rule.start) continue
    if (rule.count !== null && yielded >= rule.count) return
    if (endLimit && date >= endLimit) return
    yielded++
    yield date
  }
}

/** The first occurrence strictly after `after`, or null when the series has ended by then. */
export function nextOccurrence(rule: RecurrenceRule, after: Date): Date | null {
  for (const date of occurrences(rule)) if (date > after) return date
  return null
}

/** The first `n` occurrences as canonical date text (handy in tests and seeds). */
export function firstOccurrences(rule: RecurrenceRule, n: number): string[] {
  const out: string[] = []
  for (const date of occurrences(rule)) {
    if (out.length >= n) break
    out.push(formatServiceDate(date))
  }
  return out
}
