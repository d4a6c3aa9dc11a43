import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto'

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url')

export interface IdClaims {
  sub: string
  sid: string
  roles: string[]
  name: string
  /** The user groups the user belongs to (`userGroup_Key`s), as an identity provider's groups
   * claim carries them. */
  groups?: number[]
  /** The database the token is for; optional so tokens forged without it can be tested. */
  db?: string
  iat: number
  exp: number
  /** When the user signed in (seconds), the same in every token of the session. */
  auth_time?: number
  token_use: 'id' | 'access'
}

/** Signs a JWT with HS256. */
export function signJwt(claims: IdClaims, secret: Buffer): string {
  const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = b64(JSON.stringify(claims))
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${sig}`
}

/** Verifies signature, algorithm and expiry; returns the claims or null. */
export function verifyJwt(token: string, secret: Buffer, nowSeconds: number): IdClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [head, body, sig] = parts as [string, string, string]
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown }
    if (header.alg !== 'HS256') return null
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest()
    const given = Buffer.from(sig, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as IdClaims
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null
    return claims
  } catch {
    return null
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
