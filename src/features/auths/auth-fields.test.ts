import { describe, expect, it } from 'vitest'
import { searchedAuthNumber } from './auth-fields'

describe('searchedAuthNumber', () => {
  it('reads an auth number with or without its dash', () => {
    expect(searchedAuthNumber('25-000005')).toBe('25-000005')
    expect(searchedAuthNumber(' 25000005 ')).toBe('25-000005')
    expect(searchedAuthNumber('A1.7')).toBe('A1.7')
  })

  it('leaves other text and other numbers to event search', () => {
    expect(searchedAuthNumber('2500005')).toBeNull()
    expect(searchedAuthNumber('250000051')).toBeNull()
    expect(searchedAuthNumber('renewal')).toBeNull()
    expect(searchedAuthNumber('follow-up')).toBeNull()
    expect(searchedAuthNumber('25 000005')).toBeNull()
  })
})
