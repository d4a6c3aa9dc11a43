import { parseServiceDate } from '@/api/dates'
import { dateOrderProblems } from '@/api/schemas/date-order'
import { AUTH_TEXT_LIMITS, formatCount } from '@/api/schemas/text-limits'
import { AUTH_FIELDS, AUTH_NUMBER_PATTERN, DATE_RANGES, isAuthKey, labelOf } from './auth-fields'

export const MESSAGES = {
  negative: 'Must be 0 or more',
  notNumber: 'Enter a number',
  notWhole: 'Enter a whole number',
  notDate: 'Enter a real date',
  authNumber: 'Use up to 30 letters, digits, dots, dashes or underscores, such as 26-004512',
  tooLong: (max: number, length: number) =>
    `Keep it to ${formatCount(max)} characters or fewer (${formatCount(length)} now)`,
} as const

/**
 * The rules an Auth must keep beyond its types, the same ones the service applies: an auth number
 * it accepts, text within the service's limits (`AUTH_TEXT_LIMITS`), numbers that are not
 * negative, and ranges whose end is not before their start.
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
    const kind = AUTH_FIELDS[field].kind
    const value = auth[field]
    if ((kind === 'number' || kind === 'integer') && typeof value === 'number') {
      if (!Number.isFinite(value)) errors[field] = MESSAGES.notNumber
      else if (value < 0) errors[field] = MESSAGES.negative
      else if (kind === 'integer' && !Number.isInteger(value)) errors[field] = MESSAGES.notWhole
    }
    if (kind === 'date' && typeof value === 'string' && !parseServiceDate(value))
      errors[field] = MESSAGES.notDate
    const max = (AUTH_TEXT_LIMITS as Partial<Record<string, number>>)[field]
    if (max !== undefined && typeof value === 'string' && value.length > max)
      errors[field] ??= MESSAGES.tooLong(max, value.length)
  }
  // The one rule for date ranges (the contract's), over the auth's ranges.
  const ranges = dateOrderProblems(auth, DATE_RANGES, (field) => labelOf(field).toLowerCase())
  for (const [field, message] of Object.entries(ranges)) errors[field] ??= message
  return errors
}
