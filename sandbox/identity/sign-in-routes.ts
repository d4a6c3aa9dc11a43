import type { SandboxEnv } from '../http'
import { Hono } from 'hono'
import { refreshRequestSchema } from '../../src/api/schemas/sign-in'
import { requireApiKey, requireDatabase, type SandboxApp, type SandboxContext } from '../context'
import { ok, Problem, readBody } from '../http'
import { signJwt } from './tokens'

/** Issues the ID and access tokens of a session. */
function issueTokens(ctx: SandboxContext, userId: string, sessionId: string, refreshToken: string) {
  const user = ctx.identity.user(userId)
  if (!user) throw new Problem(401, 'The user no longer exists.')
  const iat = Math.floor(ctx.now().getTime() / 1000)
  const base = {
    sub: user.user_id,
    sid: sessionId,
    roles: JSON.parse(user.roles) as string[],
    name: user.name,
    iat,
    exp: iat + ctx.config.tokenTtl,
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

export function signInRoutes(ctx: SandboxContext): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  /** Signs in with HTTP Basic credentials. */
  app.post('/user-authentication', (c) => {
    requireApiKey(ctx.config, c.req.header('x-api-key'))
    requireDatabase(ctx.config, c.req.header('service-database'))
    const credentials = basicCredentials(c.req.header('authorization'))
    if (!credentials)
      throw new Problem(401, 'Send the username and password as HTTP Basic credentials.')
    const user = ctx.identity.authenticate(credentials.username, credentials.password)
    if (!user)
      throw new Problem(401, 'Incorrect username or password.', { title: 'Sign-in failed' })
    const { sessionId, refreshToken } = ctx.identity.startSession(user.user_id, ctx.now().getTime())
    return ok(c, issueTokens(ctx, user.user_id, sessionId, refreshToken))
  })

  /** New tokens for the same session, in exchange for its refresh token. */
  app.post('/user-refresh-tokens', async (c) => {
    requireApiKey(ctx.config, c.req.header('x-api-key'))
    const { refreshToken } = await readBody(c, refreshRequestSchema)
    const refreshed = ctx.identity.refresh(refreshToken, ctx.now().getTime())
    if (!refreshed)
      throw new Problem(401, 'The refresh token is not valid or its session has ended.')
    return ok(
      c,
      issueTokens(
        ctx,
        refreshed.session.user_id,
        refreshed.session.session_id,
        refreshed.refreshToken,
      ),
    )
  })
  return app
}
