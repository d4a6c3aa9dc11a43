import { afterEach, describe, expect, it } from 'vitest'
import { configFromEnv } from '../config'
import { startTestSandbox, type TestSandbox } from '../testing'

/*
 * How long sessions live and how many a user holds, on a clock the test moves (the sandbox's
 * clock, as SANDBOX_TODAY sets it, but stepped): nothing waits for real time.
 */

const open: TestSandbox[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()))
})

/** A sandbox whose clock reads `clock.now` (ms), which the test moves. */
async function sandboxWithClock(overrides: Parameters<typeof startTestSandbox>[0] = {}) {
  const clock = { now: Date.parse('2026-03-14T09:00:00Z') }
  const sb = await startTestSandbox(overrides, { clock: () => new Date(clock.now) })
  open.push(sb)
  return { sb, clock }
}

const sessionsOf = (sb: TestSandbox, userId: string) =>
  sb.sandbox.context.identity.db
    .prepare(
      'SELECT session_id, ended_at, ended_reason FROM sessions WHERE user_id = ? ORDER BY login_at',
    )
    .all(userId) as { session_id: string; ended_at: number | null; ended_reason: string | null }[]

describe('the idle limit', () => {
  it('counts from the last request, to the second: activity every 5 s keeps a 20 s session', async () => {
    const { sb, clock } = await sandboxWithClock({ sessionIdle: 20, sessionMax: 3600 })
    const { idToken } = await sb.signIn('staff')
    const call = () => sb.call('GET', '/priorities', { token: idToken })
    for (let i = 1; i <= 8; i++) {
      clock.now += 5_000
      expect((await call()).status, `request at ${i * 5} s`).toBe(200)
    }
    // Exactly the idle limit after the last request: still live (and that request counts too).
    clock.now += 20_000
    expect((await call()).status).toBe(200)
    clock.now += 21_000
    expect((await call()).status).toBe(401)
    expect(sessionsOf(sb, 'staff').map((s) => s.ended_reason)).toEqual(['idle'])
  })

  it('counts a refresh as activity too', async () => {
    const { sb, clock } = await sandboxWithClock({ sessionIdle: 20, sessionMax: 3600 })
    let { refreshToken } = await sb.signIn('staff')
    for (let i = 0; i < 3; i++) {
      clock.now += 15_000
      const res = await sb.call('POST', '/user-refresh-tokens', { body: { refreshToken } })
      expect(res.status).toBe(200)
      refreshToken = (res.data as { authenticationResult: { refreshToken: string } })
        .authenticationResult.refreshToken
    }
    clock.now += 21_000
    const late = await sb.call('POST', '/user-refresh-tokens', { body: { refreshToken } })
    expect(late.status).toBe(401)
  })
})

describe('live sessions per user', () => {
  it('are capped: a new sign-in ends the oldest of that user', async () => {
    const { sb, clock } = await sandboxWithClock({ sessionsPerUser: 3 })
    const tokens: string[] = []
    for (let i = 0; i < 5; i++) {
      clock.now += 1_000
      tokens.push((await sb.signIn('staff')).idToken)
    }
    const support = await sb.signIn('support')
    const status = async (token: string) => (await sb.call('GET', '/priorities', { token })).status
    expect(await Promise.all(tokens.map(status))).toEqual([401, 401, 200, 200, 200])
    expect(await status(support.idToken)).toBe(200)
    const rows = sessionsOf(sb, 'staff')
    expect(rows.filter((s) => s.ended_at === null)).toHaveLength(3)
    expect(rows.slice(0, 2).map((s) => s.ended_reason)).toEqual(['session-limit', 'session-limit'])
  })

  it('default to 10 (SANDBOX_SESSIONS_PER_USER): 12 sign-ins leave 10 live', async () => {
    expect(configFromEnv({}).sessionsPerUser).toBe(10)
    expect(configFromEnv({ SANDBOX_SESSIONS_PER_USER: '4' }).sessionsPerUser).toBe(4)
    expect(() => configFromEnv({ SANDBOX_SESSIONS_PER_USER: '0' })).toThrow(/at least 1/)
    const { sb, clock } = await sandboxWithClock()
    for (let i = 0; i < 12; i++) {
      clock.now += 1_000
      await sb.signIn('admin')
    }
    expect(sessionsOf(sb, 'admin').filter((s) => s.ended_at === null)).toHaveLength(10)
  })

  it('do not count sessions that have already expired', async () => {
    const { sb, clock } = await sandboxWithClock({ sessionsPerUser: 2, sessionIdle: 20 })
    const first = await sb.signIn('staff')
    clock.now += 60_000 // the first has gone idle
    const second = await sb.signIn('staff')
    const third = await sb.signIn('staff')
    const status = async (token: string) => (await sb.call('GET', '/priorities', { token })).status
    expect(await status(first.idToken)).toBe(401)
    expect(await status(second.idToken)).toBe(200)
    expect(await status(third.idToken)).toBe(200)
    expect(sessionsOf(sb, 'staff').map((s) => s.ended_reason)).toEqual(['idle', null, null])
  })
})
