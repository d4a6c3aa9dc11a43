import { AUTH_NUMBER_PATTERN } from '@/api/schemas/auth-fields'

/** A number in the service's own form, two digits of the year, a dash, six digits: `26-000123`. */
const DASHED = /^(\d{2})[\s.–-]?(\d{6})$/

/**
 * The auth numbers a typed text may mean, most likely first: `26000123`, `26 000123` and
 * `26-000123` are all `26-000123`; a number of another shape is taken as typed (`AUTH-77`). A
 * leading "auth" or `#` is ignored. Empty when the text cannot be an auth number. When the dash
 * was left out, the text as typed follows, for a service that numbers without dashes.
 */
export function authNumberCandidates(input: string): string[] {
  const text = input
    .trim()
    .replace(/^auth\s+/i, '')
    .replace(/^#/, '')
    .trim()
  if (text === '') return []
  const dashed = DASHED.exec(text)
  const canonical = dashed ? `${dashed[1]}-${dashed[2]}` : null
  const asTyped = AUTH_NUMBER_PATTERN.test(text) ? text : null
  return [...new Set([canonical, asTyped].filter((n): n is string => n !== null))]
}

/**
 * The auth number a typed text means (with or without its dash), or null when it cannot be one:
 * the one parsing of an auth number that Look up and search everywhere share.
 */
export const parseAuthNumber = (input: string): string | null =>
  authNumberCandidates(input)[0] ?? null
