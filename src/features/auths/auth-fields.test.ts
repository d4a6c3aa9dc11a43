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

  it('waits for the usual form to be typed whole before it is a number to look up', () => {
    for (const partial of ['25-', '25-0', '25-00000'])
      expect(searchedAuthNumber(partial)).toBeNull()
    expect(searchedAuthNumber('25-0000051')).toBe('25-0000051')
    expect(searchedAuthNumber('ADJ-25-1')).toBe('ADJ-25-1')
  })
})
