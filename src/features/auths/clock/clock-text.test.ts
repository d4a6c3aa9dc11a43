import { afterEach, describe, expect, it } from 'vitest'
import { setDisplayLocale } from '@/lib/format/format'
import { describeDuration, formatDue } from './clock-text'

const HOUR = 3_600_000

describe('describeDuration', () => {
  it('says days and hours, or hours and minutes, to the nearest minute', () => {
    expect(describeDuration(28 * HOUR)).toBe('1 day 4 h')
    expect(describeDuration(48 * HOUR + 20_000)).toBe('2 days')
    expect(describeDuration(24 * HOUR - 10_000)).toBe('1 day')
    expect(describeDuration(5.5 * HOUR)).toBe('5 h 30 min')
    expect(describeDuration(3 * HOUR)).toBe('3 h')
    expect(describeDuration(45 * 60_000)).toBe('45 min')
    expect(describeDuration(20_000)).toBe('less than a minute')
  })
})

describe('formatDue', () => {
  const due = new Date(2026, 10, 26, 14, 0)
  afterEach(() => setDisplayLocale(undefined))

  it("writes the time on the display locale's clock", () => {
    setDisplayLocale('en-GB')
    expect(formatDue(due)).toMatch(/14:00/)
    setDisplayLocale('en-US')
    expect(formatDue(due)).toMatch(/2:00\sPM/)
  })

  it('says the year of a date outside the current one, and only then', () => {
    setDisplayLocale('en-GB')
    const now = new Date(2026, 11, 30, 9, 0)
    expect(formatDue(due, now)).not.toMatch(/2026/)
    expect(formatDue(new Date(2027, 0, 4, 14, 0), now)).toMatch(/4 Jan 2027/)
    expect(formatDue(new Date(2025, 11, 31, 14, 0), now)).toMatch(/2025/)
  })
})
