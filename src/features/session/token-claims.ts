import { tokenClaimsSchema, type TokenClaims } from '../../api/schemas/sign-in'

/**
 * Reads the claims of a JWT without verifying it (the service verifies; the console only needs
 * who is signed in and when the token expires). Null for an opaque or malformed token.
 */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * The user group keys of the token's `groups` claim (a service may add it; the console does not
 * require it). Read defensively: whole numbers and whole-number text are kept, anything else in
 * the list is left out; null when there is no such claim or it is not a list.
 */
export function readGroupsClaim(claims: Readonly<Record<string, unknown>> | null): number[] | null {
  const raw = claims?.groups
  if (!Array.isArray(raw)) return null
  const keys = new Set<number>()
  for (const value of raw) {
    const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value
    if (typeof n === 'number' && Number.isSafeInteger(n) && n > 0) keys.add(n)
  }
  return [...keys]
}
