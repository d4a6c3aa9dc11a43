import { tokenClaimsSchema, type TokenClaims } from '@/api/schemas/sign-in'

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
