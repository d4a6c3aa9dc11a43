import { describe, expect, it } from 'vitest'
import {
  firstOccurrences,
  nextOccurrence,
  occurrences,
  ruleFromSchedule,
  type RecurrenceRule,
  type ScheduleRuleFields,
} from './recurrence'
import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'

function rule(fields: ScheduleRuleFields): RecurrenceRule {
  const r = ruleFromSchedule(fields)
  if (typeof r === 'string') throw new Error(r)
  return r
}

const at = (text: string) => parseServiceDate(text) as Date
const next = (r: RecurrenceRule, after: string) => {
  const d = nextOccurrence(r, at(after))
  return d ? formatServiceDate(d) : null
}

describe('daily (schedule_Interval 1)', () => {
  it('repeats every frequency_Factor days at the start time', () => {
    const r = rule({ schedule_Interval: 1, frequency_Factor: 3, start_Date: '2026-03-01T09:00:00' })
    expect(firstOccurrences(r, 4)).toEqual([
      '2026-03-01T09:00:00',
      '2026-03-04T09:00:00',
      '2026-03-07T09:00:00',
      '2026-03-10T09:00:00',
    ])
  })

  it('crosses month and year ends', () => {
    const r = rule({ schedule_Interval: 1, frequency_Factor: 2, start_Date: '2026-12-30T08:15:00' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-12-30T08:15:00',
      '2027-01-01T08:15:00',
      '2027-01-03T08:15:00',
    ])
  })

  it('takes the time of day from start_Time when set', () => {
    const r = rule({
      schedule_Interval: 1,
      start_Date: '2026-03-01T00:00:00',
      start_Time: '1900-01-01T14:30:00',
    })
    expect(firstOccurrences(r, 2)).toEqual(['2026-03-01T14:30:00', '2026-03-02T14:30:00'])
  })

  it('treats a null frequency_Factor as 1', () => {
    const r = rule({ schedule_Interval: 1, frequency_Factor: null, start_Date: '2026-03-01' })
    expect(firstOccurrences(r, 2)).toEqual(['2026-03-01T00:00:00', '2026-03-02T00:00:00'])
  })
})

describe('weekly (schedule_Interval 2)', () => {
  it('falls on the flagged weekdays every N weeks, from the start on', () => {
    // 2026-03-04 is a Wednesday; Monday of that week (03-02) is before the start, so skipped.
    const r = rule({
      schedule_Interval: 2,
      frequency_Factor: 2,
      monday: true,
      thursday: true,
      start_Date: '2026-03-04T10:00:00',
    })
    expect(firstOccurrences(r, 4)).toEqual([
      '2026-03-05T10:00:00',
      '2026-03-16T10:00:00',
      '2026-03-19T10:00:00',
      '2026-03-30T10:00:00',
    ])
  })

  it("uses the start date's weekday when no weekday is flagged", () => {
    const r = rule({ schedule_Interval: 2, start_Date: '2026-03-04T10:00:00' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-03-04T10:00:00',
      '2026-03-11T10:00:00',
      '2026-03-18T10:00:00',
    ])
  })

  it('includes weekends when flagged', () => {
    const r = rule({ schedule_Interval: 2, saturday: true, sunday: true, start_Date: '2026-03-02' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-03-07T00:00:00',
      '2026-03-08T00:00:00',
      '2026-03-14T00:00:00',
    ])
  })
})

describe('monthly (schedule_Interval 3)', () => {
  it("repeats on the start date's day, clamped to shorter months", () => {
    const r = rule({ schedule_Interval: 3, interval_Option: 1, start_Date: '2026-01-31T09:00:00' })
    expect(firstOccurrences(r, 4)).toEqual([
      '2026-01-31T09:00:00',
      '2026-02-28T09:00:00',
      '2026-03-31T09:00:00',
      '2026-04-30T09:00:00',
    ])
  })

  it('repeats every N months on the last day (option 2)', () => {
    const r = rule({
      schedule_Interval: 3,
      frequency_Factor: 3,
      interval_Option: 2,
      start_Date: '2026-01-10T17:00:00',
    })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-01-31T17:00:00',
      '2026-04-30T17:00:00',
      '2026-07-31T17:00:00',
    ])
  })

  it('repeats on the same weekday of the month (option 3)', () => {
    // 2026-03-10 is the 2nd Tuesday of March.
    const r = rule({ schedule_Interval: 3, interval_Option: 3, start_Date: '2026-03-10T09:00:00' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-03-10T09:00:00',
      '2026-04-14T09:00:00',
      '2026-05-12T09:00:00',
    ])
  })

  it('takes the weekday from relative_Frequency (1 Monday .. 7 Sunday)', () => {
    // 2nd week, Friday (5): 2026-04-10, 2026-05-08.
    const r = rule({
      schedule_Interval: 3,
      interval_Option: 3,
      relative_Frequency: 5,
      start_Date: '2026-03-10T09:00:00',
    })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-03-13T09:00:00',
      '2026-04-10T09:00:00',
      '2026-05-08T09:00:00',
    ])
  })

  it('reads a start in the fifth week as the last such weekday', () => {
    // 2026-03-31 is the 5th Tuesday; April and May have 4 Tuesdays after the 28th / 26th.
    const r = rule({ schedule_Interval: 3, interval_Option: 3, start_Date: '2026-03-31' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2026-03-31T00:00:00',
      '2026-04-28T00:00:00',
      '2026-05-26T00:00:00',
    ])
  })
})

describe('yearly (schedule_Interval 4)', () => {
  it('falls on the day in month `frequency`, clamping 29 February', () => {
    const r = rule({ schedule_Interval: 4, frequency: 2, start_Date: '2028-02-29T09:00:00' })
    expect(firstOccurrences(r, 3)).toEqual([
      '2028-02-29T09:00:00',
      '2029-02-28T09:00:00',
      '2030-02-28T09:00:00',
    ])
  })

  it('skips a month before the start in the first year', () => {
    const r = rule({ schedule_Interval: 4, frequency: 1, start_Date: '2026-06-15' })
    expect(firstOccurrences(r, 2)).toEqual(['2027-01-15T00:00:00', '2028-01-15T00:00:00'])
  })
})

describe('ends', () => {
  const daily = { schedule_Interval: 1, start_Date: '2026-03-01T09:00:00' }

  it('stops after total_Occurrences (end option 2)', () => {
    const r = rule({ ...daily, end_Option: 2, total_Occurrences: 3 })
    expect([...occurrences(r)].map(formatServiceDate)).toEqual([
      '2026-03-01T09:00:00',
      '2026-03-02T09:00:00',
      '2026-03-03T09:00:00',
    ])
    expect(next(r, '2026-03-02T09:00:00')).toBe('2026-03-03T09:00:00')
    expect(next(r, '2026-03-03T09:00:00')).toBeNull()
  })

  it('includes the whole end day (end option 3)', () => {
    const r = rule({ ...daily, end_Option: 3, end_Date: '2026-03-03T00:00:00' })
    expect([...occurrences(r)]).toHaveLength(3)
    expect(next(r, '2026-03-03T08:00:00')).toBe('2026-03-03T09:00:00')
    expect(next(r, '2026-03-03T09:00:00')).toBeNull()
  })

  it('ignores end_Date when the end option is 1 (no end)', () => {
    const r = rule({ ...daily, end_Option: 1, end_Date: '2026-03-03T00:00:00' })
    expect(next(r, '2030-01-01T00:00:00')).toBe('2030-01-01T09:00:00')
  })

  it('honours whichever end is set when end_Option is null', () => {
    expect(next(rule({ ...daily, total_Occurrences: 2 }), '2026-03-02T09:00:00')).toBeNull()
    expect(next(rule({ ...daily, end_Date: '2026-03-02' }), '2026-03-02T09:00:00')).toBeNull()
  })
})

describe('nextOccurrence', () => {
  const weekly = rule({
    schedule_Interval: 2,
    tuesday: true,
    friday: true,
    start_Date: '2026-03-03T10:00:00',
  })

  it('is strictly after the given time', () => {
    expect(next(weekly, '2026-03-03T09:59:59')).toBe('2026-03-03T10:00:00')
    expect(next(weekly, '2026-03-03T10:00:00')).toBe('2026-03-06T10:00:00')
  })

  it('answers for times long after the start', () => {
    expect(next(weekly, '2031-07-01T12:00:00')).toBe('2031-07-04T10:00:00')
  })

  it('answers the first occurrence for times before the start', () => {
    expect(next(weekly, '2020-01-01T00:00:00')).toBe('2026-03-03T10:00:00')
  })
})

describe('ruleFromSchedule', () => {
  it.each<[string, ScheduleRuleFields, RegExp]>([
    ['no start date', { schedule_Interval: 1 }, /start_Date/],
    [
      'an unknown interval',
      { schedule_Interval: 9, start_Date: '2026-01-01' },
      /schedule_Interval/,
    ],
    ['no interval', { start_Date: '2026-01-01' }, /schedule_Interval null/],
    [
      'a zero factor',
      { schedule_Interval: 1, frequency_Factor: 0, start_Date: '2026-01-01' },
      /frequency_Factor/,
    ],
    ['month 13', { schedule_Interval: 4, frequency: 13, start_Date: '2026-01-01' }, /frequency/],
    [
      'weekday 8',
      { schedule_Interval: 3, relative_Frequency: 8, start_Date: '2026-01-01' },
      /relative_Frequency/,
    ],
    [
      'an unknown interval option',
      { schedule_Interval: 3, interval_Option: 7, start_Date: '2026-01-01' },
      /interval_Option/,
    ],
    [
      'end option 2 with no count',
      { schedule_Interval: 1, end_Option: 2, start_Date: '2026-01-01' },
      /total_Occurrences/,
    ],
    [
      'end option 3 with no date',
      { schedule_Interval: 1, end_Option: 3, start_Date: '2026-01-01' },
      /end_Date/,
    ],
  ])('explains %s', (_, fields, reason) => {
    const r = ruleFromSchedule(fields)
    expect(typeof r).toBe('string')
    expect(r).toMatch(reason)
  })
})
