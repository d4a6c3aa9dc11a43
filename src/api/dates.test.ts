import { describe, expect, it } from 'vitest'
import {
  compareServiceDates,
  formatServiceDate,
  fromDateTimeInputValue,
  normalizeServiceDate,
  parseServiceDate,
  toDateTimeInputValue,
} from './dates'

describe('parseServiceDate', () => {
  it('reads the canonical offset-free form as local wall-clock time', () => {
    expect(parseServiceDate('2026-03-14T09:30:00')?.getTime()).toBe(
      new Date(2026, 2, 14, 9, 30, 0).getTime(),
    )
  })

  it('reads a trailing Z as UTC', () => {
    expect(parseServiceDate('2026-03-14T09:30:00Z')?.getTime()).toBe(Date.UTC(2026, 2, 14, 9, 30))
  })

  it('reads an offset', () => {
    expect(parseServiceDate('2026-03-14T09:30:00+02:00')?.getTime()).toBe(
      Date.UTC(2026, 2, 14, 7, 30),
    )
    expect(parseServiceDate('2026-03-14T09:30:00-0530')?.getTime()).toBe(
      Date.UTC(2026, 2, 14, 15, 0),
    )
  })

  it('reads fractional seconds', () => {
    expect(parseServiceDate('2026-03-14T09:30:00.1234567')?.getTime()).toBe(
      new Date(2026, 2, 14, 9, 30, 0, 123).getTime(),
    )
  })

  it('reads a date alone as local midnight', () => {
    expect(parseServiceDate('2026-03-14')?.getTime()).toBe(new Date(2026, 2, 14).getTime())
  })

  it('rejects garbage and impossible dates', () => {
    for (const text of ['', 'soon', '14/03/2026', '2026-3-14', '2026-02-30', '2026-13-01']) {
      expect(parseServiceDate(text), text).toBeNull()
    }
    expect(parseServiceDate('2026-03-14T25:00:00')).toBeNull()
    expect(parseServiceDate(null)).toBeNull()
    expect(parseServiceDate(undefined)).toBeNull()
  })

  it('reads years before 100 as themselves (Date would read 0026 as 1926)', () => {
    expect(parseServiceDate('0026-03-14')?.getFullYear()).toBe(26)
    expect(parseServiceDate('0026-03-14T09:30:00Z')?.getUTCFullYear()).toBe(26)
    expect(normalizeServiceDate('0026-03-14T09:30:00')).toBe('0026-03-14T09:30:00')
  })

  it('round-trips through the canonical format', () => {
    const text = '2026-03-14T09:30:05'
    expect(formatServiceDate(parseServiceDate(text)!)).toBe(text)
    expect(normalizeServiceDate('2026-03-14 09:30')).toBe('2026-03-14T09:30:00')
    expect(normalizeServiceDate('2026-03-14')).toBe('2026-03-14T00:00:00')
    expect(normalizeServiceDate('2026-02-30')).toBeNull()
  })
})

describe('datetime-local values', () => {
  it('turns a service date into an input value', () => {
    expect(toDateTimeInputValue('2026-03-14T09:30:45')).toBe('2026-03-14T09:30')
    expect(toDateTimeInputValue('2026-03-14')).toBe('2026-03-14T00:00')
    expect(toDateTimeInputValue(null)).toBe('')
    expect(toDateTimeInputValue('garbage')).toBe('')
  })

  it('turns an input value into a canonical service date', () => {
    expect(fromDateTimeInputValue('2026-03-14T09:30')).toBe('2026-03-14T09:30:00')
    expect(fromDateTimeInputValue('2026-03-14T09:30:15')).toBe('2026-03-14T09:30:15')
    expect(fromDateTimeInputValue('')).toBeNull()
    expect(fromDateTimeInputValue('2026-02-30T09:30')).toBeNull()
    expect(fromDateTimeInputValue('2026-03-14')).toBeNull()
    expect(fromDateTimeInputValue('next tuesday')).toBeNull()
  })

  it('round-trips', () => {
    const service = '2026-12-31T23:59:00'
    expect(fromDateTimeInputValue(toDateTimeInputValue(service))).toBe(service)
  })
})

describe('compareServiceDates', () => {
  it('sorts earliest first, across forms, with missing dates last', () => {
    const dates = [
      null,
      '2026-03-15',
      'garbage',
      '2026-03-14T09:30:00',
      '2026-03-14T09:29:59.500',
      undefined,
    ]
    expect([...dates].sort(compareServiceDates)).toEqual([
      '2026-03-14T09:29:59.500',
      '2026-03-14T09:30:00',
      '2026-03-15',
      null,
      'garbage',
      undefined,
    ])
  })
})
