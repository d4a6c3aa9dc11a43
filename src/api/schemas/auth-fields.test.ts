import { describe, expect, it } from 'vitest'
import { authSchema, authWriteSchema } from './auth'
import { AUTH_KEYS, REQUIRED_DEFAULTS, specOf } from './auth-fields'
import { z } from './zod'

/** A value of each type, and one of another type. */
const SAMPLE = { text: 'Y', date: '2026-03-14T09:30:00', number: 12.5, integer: 7, boolean: true }
const WRONG = { text: 7, date: 'soon', number: 'ten', integer: 1.5, boolean: 'yes' }

describe('the auth schemas, built from the field table', () => {
  const base = { ...REQUIRED_DEFAULTS }

  it('have the fields of the table, in its order', () => {
    expect(Object.keys(authSchema.shape)).toEqual(AUTH_KEYS)
    expect(Object.keys(authWriteSchema.shape)).toEqual(AUTH_KEYS)
  })

  it.each(AUTH_KEYS)(
    'type %s as the table says, required or not, its text limited in writes',
    (field) => {
      const spec = specOf(field)
      for (const schema of [authSchema, authWriteSchema]) {
        expect(z.safeParse(schema, { ...base, [field]: SAMPLE[spec.type] }).success).toBe(true)
        expect(z.safeParse(schema, { ...base, [field]: WRONG[spec.type] }).success).toBe(false)
        expect(z.safeParse(schema, { ...base, [field]: null }).success).toBe(!spec.required)
      }
      if (spec.type !== 'text') return
      const over = { ...base, [field]: 'x'.repeat(spec.max + 1) }
      expect(z.safeParse(authSchema, over).success).toBe(true)
      expect(z.safeParse(authWriteSchema, over).success).toBe(false)
      expect(z.safeParse(authWriteSchema, { ...base, [field]: 'x'.repeat(spec.max) }).success).toBe(
        true,
      )
    },
  )

  it('give a new auth its required fields from the defaults alone', () => {
    expect(z.safeParse(authWriteSchema, REQUIRED_DEFAULTS).success).toBe(true)
    expect(Object.keys(REQUIRED_DEFAULTS).sort()).toEqual(
      AUTH_KEYS.filter((f) => specOf(f).required).sort(),
    )
  })
})
