import { afterEach, describe, expect, it } from 'vitest'
import {
  formatClock,
  formatCount,
  formatDisplayDate,
  formatDisplayDateTime,
  formatMoney,
  readableDates,
  setDisplayLocale,
} from './format'
import { firstDayFromTable, firstDayOfWeek, hourCycleOf, uses12HourClock } from './locale'

afterEach(() => setDisplayLocale(undefined))

describe('display dates', () => {
  it('writes the dates inside a service message as the console writes dates', () => {
    expect(readableDates('Auth 26-000024 was saved at 2026-11-24T10:00:00.123 by alex.')).toBe(
      'Auth 26-000024 was saved at 24 Nov 2026, 10:00 by alex.',
    )
    expect(readableDates('No date here, nor in 26-000024.')).toBe('No date here, nor in 26-000024.')
  })

  it('formats dates and date-times (en-GB until a locale is set)', () => {
    expect(formatDisplayDate('2026-03-14T09:30:00')).toBe('14 Mar 2026')
    expect(formatDisplayDateTime('2026-03-14T09:30:00')).toBe('14 Mar 2026, 09:30')
    expect(formatDisplayDateTime('2026-03-04T21:05:00')).toBe('4 Mar 2026, 21:05')
  })

  it('shows nothing for a missing date and the text itself for a non-date', () => {
    expect(formatDisplayDate(null)).toBe('')
    expect(formatDisplayDateTime(undefined)).toBe('')
    expect(formatDisplayDateTime('TBD')).toBe('TBD')
  })

  it("reads the time on the locale's clock", () => {
    setDisplayLocale('en-US')
    expect(formatDisplayDateTime('2026-03-14T14:30:00')).toBe('Mar 14, 2026, 2:30 PM')
    expect(formatClock(new Date(2026, 2, 14, 9, 5))).toBe('9:05 AM')
    setDisplayLocale('en-GB')
    expect(formatClock(new Date(2026, 2, 14, 14, 30))).toBe('14:30')
    setDisplayLocale('de-DE')
    expect(formatDisplayDateTime('2026-03-14T14:30:00')).toBe('14. März 2026, 14:30')
    // A locale's own extension picks the clock.
    setDisplayLocale('en-US-u-hc-h23')
    expect(formatClock(new Date(2026, 2, 14, 14, 30))).toBe('14:30')
  })
})

describe('numbers', () => {
  it("group digits the locale's way", () => {
    expect(formatCount(1000)).toBe('1,000')
    expect(formatMoney(1234.5)).toBe('1,234.50')
    setDisplayLocale('de-DE')
    expect(formatCount(1000)).toBe('1.000')
    expect(formatMoney(1234.5)).toBe('1.234,50')
  })
})

describe('the locale', () => {
  it('knows its clock', () => {
    expect(hourCycleOf('en-US')).toBe('h12')
    expect(hourCycleOf('en-GB')).toBe('h23')
    expect(uses12HourClock('en-US')).toBe(true)
    expect(uses12HourClock('de-DE')).toBe(false)
    expect(uses12HourClock('en-GB-u-hc-h12')).toBe(true)
  })

  it('knows the first day of its week: 0 Sunday, 1 Monday, 6 Saturday', () => {
    expect(firstDayOfWeek('en-US')).toBe(0)
    expect(firstDayOfWeek('en-GB')).toBe(1)
    expect(firstDayOfWeek('de-DE')).toBe(1)
    expect(firstDayOfWeek('ar-EG')).toBe(6)
    expect(firstDayOfWeek('en')).toBe(0)
  })

  it('has a table for browsers without week info that agrees with Intl where it has it', () => {
    expect(firstDayFromTable('en-US')).toBe(0)
    expect(firstDayFromTable('en-GB')).toBe(1)
    expect(firstDayFromTable('en')).toBe(0) // the likeliest region: US
    expect(firstDayFromTable('dv-MV')).toBe(5)
    expect(firstDayFromTable('en-GB-u-fw-sun')).toBe(0)
    const regions = new Intl.DisplayNames('en', { type: 'region' })
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']
    const known = letters
      .flatMap((a) => letters.map((b) => a + b))
      .filter((code) => regions.of(code) !== code)
    const disagree = known.filter(
      (code) => firstDayFromTable(`und-${code}`) !== firstDayOfWeek(`und-${code}`),
    )
    expect(known.length).toBeGreaterThan(200)
    expect(disagree).toEqual([])
  })
})
