import { describe, expect, it } from 'vitest'
import { setDisplayLocale } from '@/lib/format/format'
import { countOf, periodEnded, periodNote, periodOf, waitingFor } from './glance'
import { toneOf } from './model/tone'

describe('glance', () => {
  it('counts with the unit in words', () => {
    expect(countOf(14, 'Visit')).toBe('14 visits')
    expect(countOf(1, 'Procedure')).toBe('1 procedure')
    expect(countOf(3, 'Day')).toBe('3 days')
    expect(countOf(2, 'Therapy')).toBe('2 therapies')
    expect(countOf(1200, null)).toBe('1,200 units')
    expect(countOf(null, 'Visit')).toBeNull()
  })

  it('shows a period compactly within one year, and each date unbroken', () => {
    expect(periodOf('2026-01-03T00:00:00', '2026-02-20T00:00:00')).toBe(
      '3\u00a0Jan – 20\u00a0Feb\u00a02026',
    )
    expect(periodOf('2025-12-20T00:00:00', '2026-01-10T00:00:00')).toBe(
      '20\u00a0Dec\u00a02025 – 10\u00a0Jan\u00a02026',
    )
    expect(periodOf(null, '2026-01-10T00:00:00')).toBe('open – 10\u00a0Jan\u00a02026')
    expect(periodOf(null, undefined)).toBeNull()
  })

  it('writes the period in the display locale (no stray comma in American order)', () => {
    setDisplayLocale('en-US')
    try {
      expect(periodOf('2026-01-17T00:00:00', '2026-01-24T00:00:00')).toBe(
        'Jan\u00a017 – Jan\u00a024,\u00a02026',
      )
    } finally {
      setDisplayLocale('en-GB')
    }
  })

  it('says where today falls in the period', () => {
    const now = new Date(2026, 2, 10, 15, 0)
    expect(periodNote('2026-03-01T00:00:00', '2026-03-20T00:00:00', now)).toBe('Ends in 10 days')
    expect(periodNote('2026-03-01T00:00:00', '2026-03-10T00:00:00', now)).toBe('Ends today')
    expect(periodNote('2026-02-01T00:00:00', '2026-03-09T00:00:00', now)).toBe('Ended 1 day ago')
    expect(periodNote('2026-03-12T00:00:00', '2026-03-31T00:00:00', now)).toBe('Starts in 2 days')
  })

  it('a period is over from the day after its last day', () => {
    const now = new Date(2026, 2, 10, 15, 0)
    expect(periodEnded('2026-03-09T00:00:00', now)).toBe(true)
    expect(periodEnded('2026-03-10T00:00:00', now)).toBe(false)
    expect(periodEnded('2026-03-31T00:00:00', now)).toBe(false)
    expect(periodEnded(null, now)).toBe(false)
  })

  it('counts the wait in calendar days, not in whole 24-hour blocks', () => {
    const now = new Date(2026, 10, 22, 8, 0)
    expect(waitingFor('2026-02-20T09:00:00', now)).toBe('Waiting 275 days')
    expect(waitingFor('2026-11-21T23:30:00', now)).toBe('Waiting 1 day')
    expect(waitingFor('2026-11-22T07:00:00', now)).toBe('Arrived today')
    expect(waitingFor('not a date', now)).toBeNull()
  })

  it('colours by the code, else by the status text', () => {
    expect(toneOf({ auth_Code: 'a', status: null })).toBe('approved')
    expect(toneOf({ auth_Code: 'X', status: 'Denied on appeal' })).toBe('denied')
    expect(toneOf({ auth_Code: null, status: 'Under review' })).toBe('other')
  })
})
