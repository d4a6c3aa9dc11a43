import { afterAll, describe, expect, it } from 'vitest'
import { calendarDaysBetween, calendarMonthsBetween, formatRelative } from './relative-date'

// New York has clock changes, so days of 23 and 25 hours are in play. Node reads TZ again when
// it changes; set before the dates below are made, put back for the files that follow.
const zone = process.env.TZ
process.env.TZ = 'America/New_York'
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

/** Local wall-clock time in the test's zone. */
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min)

describe('calendarDaysBetween', () => {
  it('counts calendar days, whatever the hour and across clock changes', () => {
    expect(calendarDaysBetween(at(2026, 11, 22, 0, 5), at(2026, 11, 21, 23, 55))).toBe(-1)
    expect(calendarDaysBetween(at(2026, 11, 22, 23, 0), at(2026, 11, 23, 1, 0))).toBe(1)
    expect(calendarDaysBetween(at(2026, 2, 20, 9), at(2026, 11, 22, 8))).toBe(275)
    expect(calendarDaysBetween(at(2027, 3, 13, 12), at(2027, 3, 15, 0))).toBe(2) // 23-hour day
    expect(calendarDaysBetween(at(2027, 11, 6, 23), at(2027, 11, 8, 0))).toBe(2) // 25-hour day
    expect(calendarDaysBetween(at(2026, 12, 31, 23, 59), at(2027, 1, 1))).toBe(1)
    expect(calendarDaysBetween(at(2028, 2, 28), at(2028, 3, 1))).toBe(2)
  })
  it('counts calendar months', () => {
    expect(calendarMonthsBetween(at(2026, 11, 22), at(2026, 9, 23))).toBe(-2)
    expect(calendarMonthsBetween(at(2026, 12, 31), at(2027, 1, 1))).toBe(1)
  })
})

describe('formatRelative', () => {
  const now = at(2026, 11, 22, 10, 0)
  it.each([
    // Days are calendar days, not 24-hour blocks.
    [at(2026, 11, 21, 23, 59), 'yesterday'],
    [at(2026, 11, 20, 8, 15), '2 days ago'],
    [at(2026, 11, 20, 8, 47), '2 days ago'],
    [at(2026, 11, 18, 16, 0), '4 days ago'],
    [at(2026, 11, 23, 0, 1), 'tomorrow'],
    [at(2026, 11, 28, 8, 0), 'in 6 days'],
    [at(2026, 11, 28, 9, 45), 'in 6 days'],
    // The same day goes by the clock.
    [at(2026, 11, 22, 10, 0), 'now'],
    [at(2026, 11, 22, 9, 40), '20 minutes ago'],
    [at(2026, 11, 22, 13, 30), 'in 3 hours'],
    [at(2026, 11, 22, 0, 30), '9 hours ago'],
    // Weeks within the month, then calendar months and years.
    [at(2026, 11, 2), '2 weeks ago'],
    [at(2026, 10, 30), 'last month'],
    [at(2026, 9, 23, 8), '2 months ago'],
    [at(2026, 9, 23, 18), '2 months ago'],
    [at(2027, 1, 15), 'in 2 months'],
    [at(2025, 11, 30), 'last year'],
    [at(2028, 1, 1), 'in 2 years'],
  ])('on 22 Nov 2026 at 10:00, %s reads "%s"', (date, words) => {
    expect(formatRelative(date, now)).toBe(words)
  })

  it('reads a date the same in the morning and in the evening', () => {
    const date = at(2026, 9, 23, 12)
    expect(formatRelative(date, at(2026, 11, 22, 7))).toBe(
      formatRelative(date, at(2026, 11, 22, 22)),
    )
  })

  it('counts a day across the clock changes as one day', () => {
    // 14 Mar 2027 has 23 hours in New York, 7 Nov 2027 has 25.
    expect(formatRelative(at(2027, 3, 15, 0, 30), at(2027, 3, 14, 0, 30))).toBe('tomorrow')
    expect(formatRelative(at(2027, 11, 6, 23, 30), at(2027, 11, 7, 23, 45))).toBe('yesterday')
    expect(formatRelative(at(2027, 11, 7, 23, 0), at(2027, 11, 7, 0, 0))).toBe('in 24 hours')
  })

  it('names the months and years across the turn of the year and on 29 February', () => {
    expect(formatRelative(at(2027, 1, 1, 9), at(2026, 12, 31, 22))).toBe('tomorrow')
    expect(formatRelative(at(2026, 12, 1), at(2027, 1, 31))).toBe('last month')
    expect(formatRelative(at(2027, 2, 28), at(2028, 2, 29))).toBe('last year')
    expect(formatRelative(at(2028, 3, 1, 8), at(2028, 2, 29, 18))).toBe('tomorrow')
  })
})
