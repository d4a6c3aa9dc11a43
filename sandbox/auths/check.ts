import { authWriteSchema } from '../../src/api/schemas/auth'
import { AUTH_NUMBER_PATTERN, specOf } from '../../src/api/schemas/auth-fields'
import { AUTH_DATE_ORDER, dateOrderProblems } from '../../src/api/schemas/date-order'
import { fieldErrors } from '../http'
import { AUTH_COLUMNS, storedFromAuth, type StoredAuth } from './fields'

/** What SQLite's INTEGER column takes in the service: 32 bits. */
const INT32 = 2_147_483_647

export type AuthCheck =
  | { ok: true; stored: StoredAuth; authNumber: string | null }
  | { ok: false; errors: Record<string, string>; authNumber: string | null }

/**
 * Validates an Auth body against the contract: `authWriteSchema` (documented types, the required
 * fields, text within its limits), then the rest of the auth field table and its rules: dates the
 * service stores exactly (canonically), ranges whose end is not before their start
 * (`AUTH_DATE_ORDER`), numbers within their range, 32-bit integers, and a known `auth_Code`.
 * Unknown fields are ignored.
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
  for (const [field, message] of Object.entries(dateOrderProblems(stored, AUTH_DATE_ORDER)))
    errors[field] ??= message
  for (const field of AUTH_COLUMNS) {
    const value = stored[field]
    const spec = specOf(field)
    if (typeof value !== 'number' || (spec.type !== 'number' && spec.type !== 'integer')) continue
    if (spec.type === 'integer' && Math.abs(value) > INT32)
      errors[field] = 'Expected a 32-bit integer'
    else if (value < spec.range.min)
      errors[field] =
        spec.range.min === 0
          ? 'Must not be negative'
          : `Must be at least ${spec.range.min.toLocaleString('en-US')}`
    else if (value > spec.range.max)
      errors[field] = `Must be at most ${spec.range.max.toLocaleString('en-US')}`
  }
  if (stored.auth_Code !== null && !validCodes.includes(stored.auth_Code as string))
    errors.auth_Code = `Expected one of ${validCodes.join(', ')}`
  if (Object.keys(errors).length > 0) return { ok: false, errors, authNumber }
  stored.auth_Number = authNumber
  return { ok: true, stored, authNumber }
}
