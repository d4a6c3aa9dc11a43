import { describe, expect, it } from 'vitest'
import {
  defaultSnoozeUntil,
  expectedSnoozeUntil,
  readSnoozeUntil,
  snoozeLabel,
  snoozeMinutes,
} from './snooze-duration'

describe('snoozeMinutes', () => {
  it('reads the length from the key', () => {
    expect(snoozeMinutes('SNOOZE_15_MIN')).toBe(15)
    expect(snoozeMinutes('SNOOZE_1_HOUR')).toBe(60)
    expect(snoozeMinutes('SNOOZE_2_HOURS')).toBe(120)
    expect(snoozeMinutes('SNOOZE_2_DAYS')).toBe(2880)
    expect(snoozeMinutes('SNOOZE_1_WEEK')).toBe(10080)
    expect(snoozeMinutes('LATER')).toBeNull()
    expect(snoozeMinutes('SNOOZE_3_FORTNIGHTS')).toBeNull()
  })
})

describe('expectedSnoozeUntil', () => {
  it('adds the duration to now (15 minutes when the key does not say)', () => {
    const now = new Date(2026, 2, 14, 9, 50)
    expect(expectedSnoozeUntil('SNOOZE_1_HOUR', now)).toBe('2026-03-14T10:50:00')
    expect(expectedSnoozeUntil('LATER', now)).toBe('2026-03-14T10:05:00')
  })
})

describe('snoozeLabel', () => {
  it("uses the list's name, else the key made readable", () => {
    const list = [{ option_Key: 'SNOOZE_1_HOUR', display: '1 hour', description: null }]
    expect(snoozeLabel('SNOOZE_1_HOUR', list)).toBe('1 hour')
    expect(snoozeLabel('SNOOZE_15_MIN', undefined)).toBe('15 minutes')
    expect(snoozeLabel('SNOOZE_2_DAYS', [])).toBe('2 days')
  })
})

describe('snooze until a chosen time', () => {
  const now = new Date(2026, 10, 24, 16, 45)
  it('offers tomorrow at 09:00 first', () => {
    expect(defaultSnoozeUntil(now)).toBe('2026-11-25T09:00:00')
    // The last day of a month rolls over.
    expect(defaultSnoozeUntil(new Date(2026, 10, 30, 23, 59))).toBe('2026-12-01T09:00:00')
  })
  it('takes a time after now, as a service date', () => {
    expect(readSnoozeUntil('2026-11-24T17:30', now)).toEqual({ until: '2026-11-24T17:30:00' })
    expect(readSnoozeUntil('2026-11-24T16:45', now)).toEqual({ problem: 'Choose a time after now' })
    expect(readSnoozeUntil('', now)).toEqual({ problem: 'Choose a date and a time' })
    expect(readSnoozeUntil('2026-02-30T09:00', now)).toEqual({
      problem: 'Choose a date and a time',
    })
  })
})
