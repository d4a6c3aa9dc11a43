import { describe, expect, it } from 'vitest'
import { readGroupsClaim } from './token-claims'

describe('readGroupsClaim', () => {
  it('is null when the token names no groups (the filter is then not offered)', () => {
    expect(readGroupsClaim(null)).toBeNull()
    expect(readGroupsClaim({ sub: 'staff' })).toBeNull()
    expect(readGroupsClaim({ sub: 'staff', groups: '1,2' })).toBeNull()
  })

  it('keeps whole-number keys, as numbers or text, and leaves anything else out', () => {
    expect(
      readGroupsClaim({ groups: [3, '5', ' 7 ', 'Claims audit', 2.5, -1, 0, null, 3] }),
    ).toEqual([3, 5, 7])
    expect(readGroupsClaim({ groups: [] })).toEqual([])
  })
})
