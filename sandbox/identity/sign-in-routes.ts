import type { SandboxEnv } from '../http'
import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { refreshRequestSchema } from '../../src/api/schemas/sign-in'
import { requireApiKey, requireDatabase, type SandboxApp, type SandboxContext } from '../context'
import type { IncomingMessage } from 'node:http'
import { ok, Problem, readBody, type Ctx } from '../http'
import { createSignInThrottle } from './throttle'
import { signJwt } from './tokens'
import { groupsOf } from './users'

/** Issues the ID and access tokens of a session. */
function issueTokens(
  ctx: SandboxContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
  database: string,
  /** When the session began (ms): the tokens' `auth_time`. */
  loginAt: number,
) {
  const user = ctx.identity.user(userId)
  if (!user) throw new Problem(401, 'The user no longer exists.')
  const iat = Math.floor(ctx.now().getTime() / 1000)
  const base = {
    sub: user.user_id,
    sid: sessionId,
    roles: JSON.parse(user.roles) as string[],
    name: user.name,
    groups: groupsOf(user.user_id),
    // Bound to one database: a token issued for training is refused on demo.
    db: database,
    iat,
    exp: iat + ctx.config.tokenTtl,
    auth_time: Math.floor(loginAt / 1000),
  }
  return {
    challengeName: null,
    session: null,
    authenticationResult: {
      idToken: signJwt({ ...base, token_use: 'id' }, ctx.secret),
      accessToken: signJwt({ ...base, token_use: 'access' }, ctx.secret),
      refreshToken,
      expiresIn: ctx.config.tokenTtl,
    },
  }
}

function basicCredentials(header: string | undefined) {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1]
  if (!encoded) return null
  const text = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = text.indexOf(':')
  if (colon < 1) return null
  return { username: text.slice(0, colon), password: text.slice(colon + 1) }
}

/**
 * The client's address as the socket has it: the remote address of the connection, never a
 * forwarded header (`X-Forwarded-For` is the client's to write, so trusting it would let one
 * client pick a fresh address per try), unless the connection is a trusted proxy's (the console
 * server): then the last address it appended. In process (no socket), "local".
 */
function clientAddress(c: Ctx, trustedProxies: readonly string[]): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined
  if (!env?.incoming) return 'local'
  const socket = getConnInfo(c).remote.address ?? 'unknown'
  if (!trustedProxies.includes(socket)) return socket
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((a) => a.trim())
  return forwarded.filter(Boolean).at(-1) ?? socket
}

export function signInRoutes(ctx: SandboxContext): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  const throttle = createSignInThrottle()
  /** Signs in with HTTP Basic credentials. */
  app.post('/user-authentication', async (c) => {
    requireApiKey(ctx.config, c.req.header('x-api-key'))
    const database = requireDatabase(ctx.config, c.req.header('service-database'))
    const credentials = basicCredentials(c.req.header('authorization'))
    if (!credentials)
      throw new Problem(401, 'Send the username and password as HTTP Basic credentials.')
    const address = clientAddress(c, ctx.config.trustedProxies)
    const now = () => ctx.now().getTime()
    const wait = throttle.retryAfter(credentials.username, address, now())
    if (wait > 0) {
      c.header('retry-after', String(wait))
      throw new Problem(
        429,
        `Too many failed sign-ins. Try again in ${
          wait < 60
            ? `${wait} second${wait === 1 ? '' : 's'}`
            : `${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}`
        }.`,
        { title: 'Sign-in paused' },
      )
    }
    const user = await ctx.identity.authenticate(credentials.username, credentials.password)
    if (!user) {
      const known = ctx.identity.user(credentials.username) !== undefined
      throttle.failed(credentials.username, address, now(), known)
      throw new Problem(401, 'Incorrect username or password.', { title: 'Sign-in failed' })
    }
    throttle.succeeded(credentials.username)
    const loginAt = ctx.now().getTime()
    const { sessionId, refreshToken } = ctx.identity.startSession(user.user_id, loginAt, database)
    return ok(c, issueTokens(ctx, user.user_id, sessionId, refreshToken, database, loginAt))
  })

  /** New tokens for the same session, in exchange for its refresh token. */
  app.post('/user-refresh-tokens', async (c) => {
    requireApiKey(ctx.config, c.req.header('x-api-key'))
    const { refreshToken } = await readBody(c, refreshRequestSchema)
    // The database to issue the new tokens for: the one asked for, else the session's.
    const header = c.req.header('service-database')
    const requested = header === undefined ? null : requireDatabase(ctx.config, header)
    const refreshed = ctx.identity.refresh(refreshToken, ctx.now().getTime(), requested)
    if (!refreshed)
      throw new Problem(401, 'The refresh token is not valid or its session has ended.')
    return ok(
      c,
      issueTokens(
        ctx,
        refreshed.session.user_id,
        refreshed.session.session_id,
        refreshed.refreshToken,
        refreshed.session.database ?? '',
        refreshed.session.login_at,
      ),
    )
  })
  return app
}
