import { readFile } from 'node:fs/promises'
import { envelopeSchema } from '../../src/api/schemas/envelope'
import { signInResultSchema, tokenClaimsSchema } from '../../src/api/schemas/sign-in'
import type { ServerConfig } from '../config'

/*
 * The service account the server reads with. The service binds a token to one database, so the
 * account holds one token per database: signed in on first use and again shortly before it
 * expires or as soon as the service refuses it. With a token file instead of a password, the
 * file is read again then (whoever issues the tokens replaces it).
 */

export class ServiceError extends Error {
  constructor(
    /** The service's HTTP status, or 0 when no answer came. */
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ServiceError'
  }
}

/** The claims of a JWT, read without verifying (the service verifies); null if unreadable. */
export function readClaims(token: string) {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const parsed = tokenClaimsSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Renew this long before the token's own expiry, so a read never starts with a dying token. */
const RENEW_MARGIN_MS = 60_000
/** When a token says nothing of its expiry, sign in again after this long. */
const UNKNOWN_LIFETIME_MS = 10 * 60_000

export interface Account {
  token(database: string): Promise<string>
  /** Forgets the token of `database` (the service refused it). */
  invalidate(database: string): void
}

export function createAccount(
  config: Pick<ServerConfig, 'serviceUrl' | 'serviceApiKey' | 'account'>,
  fetchImpl: typeof fetch = fetch,
): Account {
  const held = new Map<string, { token: string; renewAt: number }>()
  const pending = new Map<string, Promise<string>>()

  async function obtain(database: string): Promise<{ token: string; expiresAt: number | null }> {
    const account = config.account
    if ('tokenFile' in account) {
      let text: string
      try {
        text = (await readFile(account.tokenFile, 'utf8')).trim()
      } catch {
        throw new ServiceError(0, 'The service token file (SERVICE_TOKEN_FILE) cannot be read')
      }
      // One token for every database, or a JSON object of a token per database.
      let token = text
      if (text.startsWith('{')) {
        try {
          const map = JSON.parse(text) as Record<string, unknown>
          token = typeof map[database] === 'string' ? map[database] : ''
        } catch {
          token = ''
        }
      }
      if (!token)
        throw new ServiceError(0, `The service token file holds no token for "${database}"`)
      const exp = readClaims(token)?.exp
      return { token, expiresAt: exp ? exp * 1000 : null }
    }
    let response: Response
    try {
      response = await fetchImpl(`${config.serviceUrl}/user-authentication`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
          'x-api-key': config.serviceApiKey,
          'service-database': database,
        },
        signal: AbortSignal.timeout(30_000),
      })
    } catch {
      throw new ServiceError(0, 'The service did not answer the sign-in')
    }
    const json: unknown = await response.json().catch(() => null)
    const envelope = envelopeSchema.safeParse(json)
    const result = signInResultSchema.safeParse(envelope.success ? envelope.data.data : null)
    const idToken = result.success ? result.data.authenticationResult?.idToken : undefined
    if (!response.ok || !idToken)
      throw new ServiceError(
        response.status,
        `The service refused the server's sign-in to "${database}" (${response.status})`,
      )
    const expiresIn = result.success ? result.data.authenticationResult?.expiresIn : null
    const exp = readClaims(idToken)?.exp
    return {
      token: idToken,
      expiresAt: exp ? exp * 1000 : expiresIn ? Date.now() + expiresIn * 1000 : null,
    }
  }

  return {
    async token(database) {
      const current = held.get(database)
      if (current && Date.now() < current.renewAt) return current.token
      let waiting = pending.get(database)
      if (!waiting) {
        // One sign-in per database at a time, however many reads ask for it.
        waiting = obtain(database)
          .then(({ token, expiresAt }) => {
            const renewAt = expiresAt
              ? Math.max(Date.now() + 1000, expiresAt - RENEW_MARGIN_MS)
              : Date.now() + UNKNOWN_LIFETIME_MS
            held.set(database, { token, renewAt })
            return token
          })
          .finally(() => pending.delete(database))
        pending.set(database, waiting)
      }
      return waiting
    },
    invalidate(database) {
      held.delete(database)
    },
  }
}
