import { describe, expect, it } from 'vitest'
import { setDisplayLocale } from '@/lib/format/format'
import {
  addMonths,
  formatDay,
  parseDay,
  startOfWeek,
  stepDate,
  viewTitle,
  visibleRange,
} from './calendar-dates'

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day)

describe('calendar dates', () => {
  it('parses and formats days, rejecting impossible ones', () => {
    expect(parseDay('2026-11-24')).toEqual(d(2026, 11, 24))
    expect(parseDay('2026-02-29')).toBeNull()
    expect(parseDay('2026-13-01')).toBeNull()
    expect(parseDay('tomorrow')).toBeNull()
    expect(formatDay(d(2026, 3, 7))).toBe('2026-03-07')
  })

  it("starts weeks on the display locale's first day: Monday in en-GB, Sunday in en-US", () => {
    expect(startOfWeek(d(2026, 11, 22))).toEqual(d(2026, 11, 16)) // Sunday
    expect(startOfWeek(d(2026, 11, 16))).toEqual(d(2026, 11, 16)) // Monday
    setDisplayLocale('en-US')
    try {
      expect(startOfWeek(d(2026, 11, 22))).toEqual(d(2026, 11, 22))
      expect(startOfWeek(d(2026, 11, 21))).toEqual(d(2026, 11, 15))
      expect(visibleRange('month', d(2026, 11, 21))).toEqual({
        start: d(2026, 11, 1),
        end: d(2026, 12, 6),
      })
    } finally {
      setDisplayLocale(undefined)
    }
  })

  it('shows the whole weeks of a month, a week, or a day', () => {
    expect(visibleRange('month', d(2026, 11, 21))).toEqual({
      start: d(2026, 10, 26),
      end: d(2026, 12, 7),
    })
    expect(visibleRange('week', d(2026, 11, 21))).toEqual({
      start: d(2026, 11, 16),
      end: d(2026, 11, 23),
    })
    expect(visibleRange('agenda', d(2026, 11, 21))).toEqual(visibleRange('week', d(2026, 11, 21)))
    expect(visibleRange('day', d(2026, 11, 21))).toEqual({
      start: d(2026, 11, 21),
      end: d(2026, 11, 22),
    })
  })

  it('steps by a month (clamped), a week or a day', () => {
    expect(stepDate('month', d(2026, 1, 31), 1)).toEqual(d(2026, 2, 28))
    expect(stepDate('month', d(2026, 1, 15), -1)).toEqual(d(2025, 12, 15))
    expect(addMonths(d(2024, 3, 31), -1)).toEqual(d(2024, 2, 29))
    expect(stepDate('week', d(2026, 12, 28), 1)).toEqual(d(2027, 1, 4))
    expect(stepDate('agenda', d(2026, 1, 4), -1)).toEqual(d(2025, 12, 28))
    expect(stepDate('day', d(2026, 3, 1), -1)).toEqual(d(2026, 2, 28))
  })

  it('titles each view', () => {
    // Intl puts thin spaces around the dash of a range.
    const title = (...args: Parameters<typeof viewTitle>) => viewTitle(...args).replace(/\s/g, ' ')
    expect(title('month', d(2026, 11, 21))).toBe('November 2026')
    expect(title('week', d(2026, 11, 21))).toBe('16 – 22 Nov 2026')
    expect(title('week', d(2026, 12, 31))).toBe('28 Dec 2026 – 3 Jan 2027')
    expect(title('day', d(2026, 11, 24))).toBe('Tuesday, 24 November 2026')
  })
})
