import { describe, expect, it } from 'vitest'
import { diffPolicies } from './policy-diff'

const saved = {
  minimumLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
  passwordHistorySize: 5,
}

describe('diffPolicies', () => {
  it('finds nothing when every value is the same', () => {
    expect(diffPolicies(saved, { ...saved })).toEqual([])
  })

  it('lists each changed field with its old and new value, as people read them', () => {
    const changes = diffPolicies(saved, {
      ...saved,
      passwordHistorySize: 8,
      requireSymbols: false,
      minimumLength: 14,
      temporaryPasswordValidityDays: 1,
    })
    expect(changes).toEqual([
      {
        key: 'minimumLength',
        label: 'Minimum length',
        before: '12 characters',
        after: '14 characters',
      },
      {
        key: 'requireSymbols',
        label: 'Require a symbol',
        before: 'Required',
        after: 'Not required',
      },
      {
        key: 'temporaryPasswordValidityDays',
        label: 'Temporary password validity',
        before: '7 days',
        after: '1 day',
      },
      { key: 'passwordHistorySize', label: 'Password history size', before: '5', after: '8' },
    ])
  })

  it('shows a field the service had not set, and unknown booleans as on and off', () => {
    const { minimumLength: _omitted, ...withoutLength } = saved
    expect(diffPolicies({ ...withoutLength, lockout: false }, { ...saved, lockout: true })).toEqual(
      [
        {
          key: 'minimumLength',
          label: 'Minimum length',
          before: 'Not set',
          after: '12 characters',
        },
        { key: 'lockout', label: 'Lockout', before: 'Off', after: 'On' },
      ],
    )
  })

  it('compares structured values by content, not identity', () => {
    const before = { ...saved, allowed: ['a', 'b'] }
    expect(diffPolicies(before, { ...saved, allowed: ['a', 'b'] })).toEqual([])
    expect(diffPolicies(before, { ...saved, allowed: ['a'] })).toHaveLength(1)
  })
})
