import { describe, expect, it } from 'vitest'
import { checkPassword } from './password-rules'

const everything = {
  minimumLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
}

const passedIds = (password: string, policy = everything) =>
  checkPassword(password, policy)
    .filter((r) => r.passed)
    .map((r) => r.id)

describe('checkPassword', () => {
  it('lists one rule per requirement of the policy, in a fixed order', () => {
    expect(checkPassword('', everything).map((r) => r.id)).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'numbers',
      'symbols',
    ])
    expect(checkPassword('', { minimumLength: 6, requireNumbers: true }).map((r) => r.id)).toEqual([
      'length',
      'numbers',
    ])
  })

  it('names the minimum length the edited policy asks for', () => {
    expect(checkPassword('x', { minimumLength: 14 })[0]?.label).toBe('At least 14 characters')
  })

  it('leaves out the length rule while the minimum is not a usable whole number', () => {
    expect(checkPassword('abc', { minimumLength: Number.NaN })).toEqual([])
    expect(checkPassword('abc', { minimumLength: 7.5 })).toEqual([])
  })

  it('passes each rule only when the password has that kind of character', () => {
    expect(passedIds('abcdefgh')).toEqual(['length', 'lowercase'])
    expect(passedIds('ABCDEFGH')).toEqual(['length', 'uppercase'])
    expect(passedIds('12345678')).toEqual(['length', 'numbers'])
    expect(passedIds('Abcdef1!')).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'numbers',
      'symbols',
    ])
  })

  it('does not count a space as a symbol, but counts punctuation', () => {
    expect(passedIds('abc defgh')).not.toContain('symbols')
    expect(passedIds('abc-defgh')).toContain('symbols')
    expect(passedIds('abc_defgh')).toContain('symbols')
  })

  it('knows accented capitals and counts an emoji as one character', () => {
    expect(passedIds('École')).toContain('uppercase')
    // Seven characters, eight UTF-16 units: one short of eight.
    expect(passedIds('abcdef😀')).not.toContain('length')
    expect(passedIds('abcdefg😀')).toContain('length')
  })
})
