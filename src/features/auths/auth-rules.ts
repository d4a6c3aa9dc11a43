import { parseServiceDate } from '@/api/dates'
import { AUTH_NUMBER_PATTERN, isAuthKey, specOf } from '@/api/schemas/auth-fields'
import { AUTH_DATE_ORDER, dateOrderProblems } from '@/api/schemas/date-order'
import { formatCount } from '@/api/schemas/limited-text'
import { labelOf } from './auth-fields'

export const MESSAGES = {
  negative: 'Must be 0 or more',
  tooSmall: (min: number) => `Must be ${formatCount(min)} or more`,
  tooLarge: (max: number) => `Must be ${formatCount(max)} or less`,
  notNumber: 'Enter a number',
  notWhole: 'Enter a whole number',
  notDate: 'Enter a real date',
  authNumber: 'Use up to 30 letters, digits, dots, dashes or underscores, such as 26-004512',
  tooLong: (max: number, length: number) =>
    `Keep it to ${formatCount(max)} characters or fewer (${formatCount(length)} now)`,
} as const

/**
 * The rules an Auth must keep beyond its types, the same ones the service applies: an auth number
 * it accepts, and each field within its limits in the contract's table (`AUTH_FIELDS`): text
 * no longer than its limit, numbers within their range (none negative), real dates; and ranges
 * whose end is not before their start.
 * Returns `{ field: message }` for every broken rule (empty when all hold).
 */
export function checkAuthRules(auth: Readonly<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {}
  const number = auth.auth_Number
  if (typeof number === 'string' && number !== '' && !AUTH_NUMBER_PATTERN.test(number))
    errors.auth_Number = MESSAGES.authNumber
  // The fields the auth holds (an import row holds a few of the ~100): the others break nothing.
  for (const field of Object.keys(auth)) {
    if (!isAuthKey(field)) continue
    const spec = specOf(field)
    const value = auth[field]
    if ((spec.type === 'number' || spec.type === 'integer') && typeof value === 'number') {
      if (!Number.isFinite(value)) errors[field] = MESSAGES.notNumber
      else if (value < spec.range.min) errors[field] = MESSAGES.tooSmall(spec.range.min)
      else if (spec.type === 'integer' && !Number.isInteger(value))
        errors[field] = MESSAGES.notWhole
      else if (value > spec.range.max) errors[field] = MESSAGES.tooLarge(spec.range.max)
    }
    if (spec.type === 'date' && typeof value === 'string' && !parseServiceDate(value))
      errors[field] = MESSAGES.notDate
    if (spec.type === 'text' && typeof value === 'string' && value.length > spec.max)
      errors[field] ??= MESSAGES.tooLong(spec.max, value.length)
  }
  // The one rule for date ranges (the contract's), over the auth's ranges.
  const ranges = dateOrderProblems(auth, AUTH_DATE_ORDER, (field) => labelOf(field).toLowerCase())
  for (const [field, message] of Object.entries(ranges)) errors[field] ??= message
  return errors
}
