import { describe, expect, it } from 'vitest'
import { AUTH_KEYS } from '@/api/schemas/auth-fields'
import { LEGACY_FIELDS } from './auth-fields'
import { AUDIT_FIELDS, AUTH_GROUPS, RANGE_FIELDS } from './auth-groups'

describe('the grouping of Auth fields', () => {
  it('places every documented field exactly once: a group, the ranges, audit or legacy', () => {
    const placed = [
      'auth_Number',
      ...AUTH_GROUPS.flatMap((g) => g.fields),
      ...RANGE_FIELDS,
      ...AUDIT_FIELDS,
      ...LEGACY_FIELDS,
    ]
    expect([...placed].sort()).toEqual([...AUTH_KEYS].sort())
  })
})
