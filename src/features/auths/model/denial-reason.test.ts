import { describe, expect, it } from 'vitest'
import { isSpecificReason } from './denial-reason'

describe('a specific denial reason', () => {
  it.each([
    ['Not medically necessary.', true],
    ['Records do not show six weeks of physical therapy (CO-50).', true],
    ['N386: the plan covers this only after a failed trial of a generic.', true],
    ['', false],
    ['   ', false],
    ['CO-50', false],
    ['N386 M15', false],
    ['NMN', false],
    ['Denied', false],
    ['Not covered', false],
    ['CO-50 not covered', false],
    ['— — —', false],
  ])('%j is specific: %s', (text, specific) => {
    expect(isSpecificReason(text)).toBe(specific)
  })
})
