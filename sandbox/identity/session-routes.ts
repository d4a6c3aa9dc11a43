import type { SandboxEnv } from '../http'
import { Hono } from 'hono'
import { passwordPolicyUpdateSchema } from '../../src/api/schemas/password-policy'
import type { SandboxApp, SandboxContext } from '../context'
import { ok, Problem, readJson, requireRole, validationProblem } from '../http'

/** Fields the sandbox's identity provider knows beyond the six modelled ones. */
const EXTRA_POLICY_FIELDS = { passwordHistorySize: { min: 0, max: 24 } } as const

export function sessionRoutes(ctx: SandboxContext): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  app.post('/logout', (c) => {
    const user = c.get('user')
    ctx.identity.endSession(user.sessionId, ctx.now().getTime(), 'logout')
    return ok(c, null)
  })

  app.post('/kick/:userId', (c) => {
    requireRole(c, 'admin')
    const userId = c.req.param('userId')
    if (!ctx.identity.user(userId))
      throw new Problem(404, `There is no user "${userId}".`, { title: 'Unknown user' })
    const ended = ctx.identity.endUserSessions(userId, ctx.now().getTime(), 'kicked')
    return ok(c, { user_ID: userId, sessionsEnded: ended })
  })

  app.post('/kick', (c) => {
    requireRole(c, 'admin')
    const caller = c.get('user')
    const now = ctx.now().getTime()
    // One session, the longest live one: not every session of its user.
    const session = ctx.identity.longestLiveSession(caller.userId, now)
    if (!session)
      throw new Problem(404, 'Nobody else is signed in.', { title: 'No session to end' })
    const ended = ctx.identity.endSession(session.session_id, now, 'kicked-longest')
    return ok(c, { user_ID: session.user_id, sessionsEnded: ended })
  })

  // Everyone signed in may read the policy (it holds no secret; the console shows its rules
  // when a password is checked); only admins change it.
  app.get('/password-policy', (c) => ok(c, ctx.identity.passwordPolicy()))

  app.put('/password-policy', async (c) => {
    requireRole(c, 'admin')
    const raw = await readJson(c)
    const parsed = passwordPolicyUpdateSchema.safeParse(raw)
    if (!parsed.success) throw validationProblem(parsed.error.issues)
    const current = ctx.identity.passwordPolicy()
    const next: Record<string, unknown> = { ...current }
    for (const key of Object.keys(passwordPolicyUpdateSchema.shape)) next[key] = parsed.data[key]
    const errors: Record<string, string> = {}
    for (const [key, range] of Object.entries(EXTRA_POLICY_FIELDS)) {
      const value = (raw as Record<string, unknown>)[key]
      if (value === undefined) continue
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < range.min ||
        value > range.max
      )
        errors[key] = `Expected a whole number from ${range.min} to ${range.max}`
      else next[key] = value
    }
    if (Object.keys(errors).length > 0)
      throw new Problem(400, `Invalid fields: ${Object.keys(errors).join(', ')}`, {
        title: 'Validation failed',
        errors,
      })
    ctx.identity.setPasswordPolicy(next)
    return ok(c, next)
  })
  return app
}
