import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { ServerConfig } from './config'
import { readGroupsClaim } from '../src/features/session/token-claims'
import { readClaims } from './service/account'

/*
 * Who may ask: every `/console-api/` request carries a bearer token the service accepts. The
 * service alone knows (it signs and ends sessions), so the token is shown to it with the cheapest
 * call that needs one, a lookup list (`GET /priorities`: small, no member data). The verdict is
 * remembered for a short while, keyed by the token's SHA-256: the token itself is never kept.
 */

export interface Caller {
  userId: string
  name: string | null
  /** The roles of the token's claims, as the console reads them (`roles`). */
  roles: string[]
  /** The user groups of the token's claims, as the console reads them (`readGroupsClaim`). */
  groups: number[]
  /** The database the token was checked against. */
  database: string
  /** SHA-256 of the token (hex): what identifies the session without holding it. */
  tokenHash: string
}

export type Verdict = 'accepted' | 'refused' | 'unavailable'

/** Whose sessions ended: one token's, every session of a user, or (the longest one, unnamed) all. */
export type SessionEnd = { tokenHash: string } | { userId: string } | { all: true }

/** How long a verdict is remembered: a token ended at the service is refused within this. */
export const VERDICT_TTL_MS = 30_000
const MAX_REMEMBERED = 10_000

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export function bearerOf(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null
}

export interface Gate {
  /** Whether the service accepts `token` for `database` (asked at most once per TTL). */
  check(token: string, database: string): Promise<Verdict>
  /** The caller of a request, or the answer refusing it. */
  middleware: MiddlewareHandler<{ Variables: { caller: Caller } }>
  /**
   * Forgets what was remembered of sessions that ended (`server/sessions.ts`): their next check
   * asks the service, and a check already asked is not kept. Tells every `onForget` listener.
   */
  forget(end: SessionEnd): void
  /** Called with every `forget` (streams check their token again at once). */
  onForget(listener: (end: SessionEnd) => void): () => void
}

/** Whether a session of this token hash and user is among those `end` names. */
export function endsSession(end: SessionEnd, tokenHash: string, userId: string | null) {
  if ('all' in end) return true
  if ('tokenHash' in end) return end.tokenHash === tokenHash
  return userId !== null && end.userId === userId
}

export function createGate(
  config: Pick<ServerConfig, 'serviceUrl' | 'serviceApiKey' | 'databases'>,
  fetchImpl: typeof fetch = fetch,
  ttlMs = VERDICT_TTL_MS,
): Gate {
  const verdicts = new Map<string, { verdict: Verdict; until: number; userId: string | null }>()
  /**
   * Tokens the service accepted, until their own expiry: while the service cannot be asked (it is
   * down), a token it accepted before still reads the mirror, so the team keeps working from the
   * copy. Writes are the service's to refuse, and it cannot take any then.
   */
  const accepted = new Map<string, { until: number; userId: string | null }>()
  /** Moves on with every `forget`: a check asked before it is not remembered after it. */
  let generation = 0
  const forgetListeners = new Set<(end: SessionEnd) => void>()

  async function ask(token: string, database: string): Promise<Verdict> {
    try {
      const response = await fetchImpl(`${config.serviceUrl}/priorities`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-api-key': config.serviceApiKey,
          'service-database': database,
        },
        signal: AbortSignal.timeout(15_000),
      })
      await response.body?.cancel()
      if (response.ok) return 'accepted'
      if (response.status === 401) return 'refused'
      return 'unavailable'
    } catch {
      return 'unavailable'
    }
  }

  /** Checks in flight: the requests of one token that arrive meanwhile wait for its answer. */
  const asking = new Map<string, Promise<Verdict>>()

  function check(token: string, database: string): Promise<Verdict> {
    const key = `${sha256(token)}\u0000${database}`
    const known = verdicts.get(key)
    if (known && known.until > Date.now()) return Promise.resolve(known.verdict)
    let pending = asking.get(key)
    if (!pending) {
      const mine: Promise<Verdict> = decide(token, database).finally(() => {
        if (asking.get(key) === mine) asking.delete(key)
      })
      asking.set(key, mine)
      pending = mine
    }
    return pending
  }

  async function decide(token: string, database: string): Promise<Verdict> {
    const key = `${sha256(token)}\u0000${database}`
    const known = verdicts.get(key)
    if (known && known.until > Date.now()) return known.verdict
    const asked = generation
    const verdict = await ask(token, database)
    const now = Date.now()
    // A session ended through the console while the service was being asked: the answer may
    // predate the end, so it is given to this request only, never remembered.
    if (asked !== generation) return verdict
    const userId = readClaims(token)?.sub ?? null
    if (verdict === 'accepted') {
      const exp = readClaims(token)?.exp
      if (exp) {
        if (accepted.size >= MAX_REMEMBERED)
          for (const [k, v] of accepted) if (v.until <= now) accepted.delete(k)
        if (accepted.size < MAX_REMEMBERED) accepted.set(key, { until: exp * 1000, userId })
      }
    } else if (verdict === 'refused') accepted.delete(key)
    else if ((accepted.get(key)?.until ?? 0) > now) return 'accepted'
    // A service that could not say is asked again next time; a verdict is kept.
    if (verdict !== 'unavailable') {
      if (verdicts.size >= MAX_REMEMBERED)
        for (const [k, v] of verdicts)
          if (v.until <= now || verdicts.size >= MAX_REMEMBERED) verdicts.delete(k)
      verdicts.set(key, { verdict, until: now + ttlMs, userId })
    }
    return verdict
  }

  function forget(end: SessionEnd) {
    generation += 1
    const ended = (key: string, userId: string | null) =>
      endsSession(end, key.slice(0, key.indexOf('\u0000')), userId)
    for (const [key, v] of verdicts) if (ended(key, v.userId)) verdicts.delete(key)
    for (const [key, v] of accepted) if (ended(key, v.userId)) accepted.delete(key)
    // Checks in flight are left to finish for their own requests; the next one asks anew.
    asking.clear()
    for (const listener of forgetListeners) listener(end)
  }

  return {
    check,
    forget,
    onForget(listener) {
      forgetListeners.add(listener)
      return () => forgetListeners.delete(listener)
    },
    async middleware(c, next) {
      const token = bearerOf(c.req.header('authorization'))
      if (!token)
        return c.json(refusal(401, 'Sign in first: the request has no bearer token.'), 401)
      const claims = readClaims(token)
      // The database asked about, else the one the token was issued for, else the first.
      const database =
        c.req.query('database') ??
        c.req.header('service-database') ??
        (claims?.db && config.databases.includes(claims.db) ? claims.db : config.databases[0]!)
      if (!config.databases.includes(database))
        return c.json(refusal(404, 'This server does not serve that database.'), 404)
      const verdict = await check(token, database)
      if (verdict === 'unavailable')
        return c.json(refusal(503, 'The service could not check the token; try again.'), 503)
      if (verdict === 'refused' || !claims)
        return c.json(refusal(401, 'The service does not accept this token. Sign in again.'), 401)
      c.set('caller', {
        userId: claims.sub,
        name: claims.name ?? null,
        roles: claims.roles ?? [],
        groups: readGroupsClaim(claims) ?? [],
        database,
        tokenHash: sha256(token),
      })
      await next()
    },
  }
}

export function refusal(status: number, detail: string, type = 'about:blank') {
  return {
    data: null,
    error: {
      type,
      title: status === 401 ? 'Unauthorized' : 'Error',
      status,
      detail,
    },
    debug: { activityID: crypto.randomUUID() },
  }
}
