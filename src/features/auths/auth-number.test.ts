import { describe, expect, it } from 'vitest'
import { authNumberCandidates, parseAuthNumber } from './auth-number'

describe('parseAuthNumber', () => {
  it('reads a number with or without its dash', () => {
    expect(parseAuthNumber('26-000123')).toBe('26-000123')
    expect(parseAuthNumber(' 26000123 ')).toBe('26-000123')
    expect(parseAuthNumber('26 000123')).toBe('26-000123')
    expect(parseAuthNumber('auth 26000123')).toBe('26-000123')
    expect(parseAuthNumber('#26-000123')).toBe('26-000123')
  })

  it('takes a number of another shape as typed, and refuses what cannot be one', () => {
    expect(parseAuthNumber('AUTH-77')).toBe('AUTH-77')
    expect(parseAuthNumber('')).toBeNull()
    expect(parseAuthNumber('Jane Smith')).toBeNull()
    expect(parseAuthNumber('26-000123; drop')).toBeNull()
  })

  it('offers the number as typed after the dashed form, for numbers without dashes', () => {
    expect(authNumberCandidates('26000123')).toEqual(['26-000123', '26000123'])
    expect(authNumberCandidates('26-000123')).toEqual(['26-000123'])
  })
})
