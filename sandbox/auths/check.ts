import { authWriteSchema } from '../../src/api/schemas/auth'
import { fieldErrors } from '../http'
import {
  AUTH_COLUMNS,
  AUTH_FIELD_KINDS,
  DATE_RANGES,
  storedFromAuth,
  type StoredAuth,
} from './fields'

/** Auth numbers a client may choose: short, and safe in a URL path segment. */
export const AUTH_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/

/** Largest amount, count or unit number an auth may hold (beyond it is a typing error). */
export const MAX_AMOUNT = 1_000_000_000_000

export type AuthCheck =
  | { ok: true; stored: StoredAuth; authNumber: string | null }
  | { ok: false; errors: Record<string, string>; authNumber: string | null }

/**
 * Validates an Auth body against the contract's `authWriteSchema` (text within
 * `AUTH_TEXT_LIMITS`) and the service's rules: documented types, the
 * required fields, dates the service stores exactly (canonically), ranges whose end is not before their start,
 * amounts and counts from 0 to `MAX_AMOUNT`, 32-bit integers, and a known `auth_Code`. Unknown fields are ignored.
 */
export function checkAuth(raw: unknown, validCodes: readonly string[]): AuthCheck {
  const given = (raw as { auth_Number?: unknown } | null)?.auth_Number
  const authNumber = typeof given === 'string' && given.trim() !== '' ? given : null
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, errors: { '(body)': 'Expected an Auth object' }, authNumber }
  const parsed = authWriteSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues), authNumber }

  const { stored, badDates } = storedFromAuth(parsed.data)
  const errors: Record<string, string> = {}
  Object.assign(errors, badDates)
  if (authNumber !== null && !AUTH_NUMBER_PATTERN.test(authNumber))
    errors.auth_Number =
      'Expected up to 30 letters, digits, dots, dashes or underscores, such as 26-004512'
  for (const [from, thru] of DATE_RANGES) {
    const start = stored[from]
    const end = stored[thru]
    if (typeof start === 'string' && typeof end === 'string' && end < start)
      errors[thru] ??= `Must not be before ${from}`
  }
  for (const field of AUTH_COLUMNS) {
    const value = stored[field]
    if (typeof value !== 'number') continue
    const kind = AUTH_FIELD_KINDS[field]
    if (kind === 'number' && value < 0) errors[field] = 'Must not be negative'
    else if (kind === 'number' && value > MAX_AMOUNT)
      errors[field] = `Must be at most ${MAX_AMOUNT.toLocaleString('en-US')}`
    else if (kind === 'integer' && Math.abs(value) > 2_147_483_647)
      errors[field] = 'Expected a 32-bit integer'
  }
  if (stored.auth_Code !== null && !validCodes.includes(stored.auth_Code as string))
    errors.auth_Code = `Expected one of ${validCodes.join(', ')}`
  if (Object.keys(errors).length > 0) return { ok: false, errors, authNumber }
  stored.auth_Number = authNumber
  return { ok: true, stored, authNumber }
}
