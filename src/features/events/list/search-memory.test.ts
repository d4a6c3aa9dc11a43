import { afterEach, describe, expect, it } from 'vitest'
import { forgetSearches, searchOf, searchState } from './search-memory'

afterEach(forgetSearches)

describe('the list search kept out of history state', () => {
  it('puts an opaque reference in the entry, never the text', () => {
    const state = searchState('Alvarez MRI')
    expect(JSON.stringify(state)).not.toContain('Alvarez')
    expect(searchOf(state)).toBe('Alvarez MRI')
    expect(searchState('')).toBeNull()
  })

  it('finds nothing for a reference it does not hold (a reload, a forged state), or after forgetting', () => {
    const state = searchState('Rossi')
    expect(searchOf({ qRef: 'made-up' })).toBe('')
    expect(searchOf({ q: 'old style' })).toBe('')
    expect(searchOf(null)).toBe('')
    forgetSearches()
    expect(searchOf(state)).toBe('')
  })
})
