import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { signInResultSchema } from '../../src/api/schemas/sign-in'
import { startTestSandbox, type TestSandbox } from '../testing'
import { hashingWork, hashPassword, verifyPassword } from './passwords'
import { addressGroup, createSignInThrottle, SIGN_IN_WINDOW_MS, userDelaySeconds } from './throttle'
import { DEMO_PASSWORD } from './users'

/*
 * Sessions that end and sign-in that holds under attack, over a real port (the client address
 * is the socket's).
 */

const open: TestSandbox[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()))
})

async function sandbox(overrides: Parameters<typeof startTestSandbox>[0] = {}) {
  const sb = await startTestSandbox(overrides, { over: 'http' })
  open.push(sb)
  return sb
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function signInRaw(sb: TestSandbox, username: string, password: string) {
  const credentials = Buffer.from(`${username}:${password}`).toString('base64')
  return sb.call('POST', '/user-authentication', {
    headers: { authorization: `Basic ${credentials}` },
  })
}

/**
 * A sign-in from a given loopback address: the client's socket is bound to `from` (127.0.0.x all
 * reach the server on 127.0.0.1), so the server sees a different remote address for each.
 */
function signInFrom(
  sb: TestSandbox,
  from: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const url = new URL(sb.baseUrl + '/user-authentication')
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
          'x-api-key': sb.config.apiKey,
          'service-database': 'demo',
          ...headers,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const endedReason = (sb: TestSandbox, userId: string) =>
  (
    sb.sandbox.context.identity.db
      .prepare('SELECT ended_reason FROM sessions WHERE user_id = ? ORDER BY login_at DESC')
      .get(userId) as { ended_reason: string | null }
  ).ended_reason

const refresh = (sb: TestSandbox, refreshToken: string) =>
  sb.call('POST', '/user-refresh-tokens', { body: { refreshToken } })

describe('sessions end', () => {
  it('after the idle time without a request or a refresh', async () => {
    const sb = await sandbox({ sessionIdle: 1, sessionMax: 3600 })
    const { idToken, refreshToken } = await sb.signIn('staff')
    expect((await sb.call('GET', '/priorities', { token: idToken })).status).toBe(200)
    await pause(1300)
    expect((await sb.call('GET', '/priorities', { token: idToken })).status).toBe(401)
    expect((await refresh(sb, refreshToken)).status).toBe(401)
    expect(endedReason(sb, 'staff')).toBe('idle')
  })

  it('at the absolute lifetime, however active, and the refresh token with it', async () => {
    const sb = await sandbox({ sessionIdle: 3600, sessionMax: 2 })
    const first = await sb.signIn('staff')
    let refreshToken = first.refreshToken
    for (let i = 0; i < 3; i++) {
      await pause(400)
      const res = await refresh(sb, refreshToken)
      expect(res.status).toBe(200)
      refreshToken = signInResultSchema.parse(res.data).authenticationResult!.refreshToken!
    }
    await pause(1200)
    expect((await refresh(sb, refreshToken)).status).toBe(401)
    expect((await sb.call('GET', '/priorities', { token: first.idToken })).status).toBe(401)
    expect(endedReason(sb, 'staff')).toBe('max-lifetime')
  })

  it('when a refresh token that was already swapped is used again (theft)', async () => {
    const sb = await sandbox({ refreshReuseGrace: 0 })
    const stolen = await sb.signIn('staff')
    const rotated = signInResultSchema.parse(
      (await refresh(sb, stolen.refreshToken)).data,
    ).authenticationResult!
    // The thief replays the old refresh token: refused, and the whole session ends.
    expect((await refresh(sb, stolen.refreshToken)).status).toBe(401)
    expect((await refresh(sb, rotated.refreshToken!)).status).toBe(401)
    expect((await sb.call('GET', '/priorities', { token: rotated.idToken })).status).toBe(401)
    expect(endedReason(sb, 'staff')).toBe('refresh-token-reuse')
  })

  it('but not when two tabs renew at once: a reuse within the grace period is only refused', async () => {
    const sb = await sandbox()
    const first = await sb.signIn('staff')
    const winner = signInResultSchema.parse(
      (await refresh(sb, first.refreshToken)).data,
    ).authenticationResult!
    // The other tab presents the token the first one has just swapped.
    expect((await refresh(sb, first.refreshToken)).status).toBe(401)
    expect((await sb.call('GET', '/priorities', { token: winner.idToken })).status).toBe(200)
    expect((await refresh(sb, winner.refreshToken!)).status).toBe(200)
  })

  it('has documented defaults: 2 hours idle, 12 hours in all, 10 seconds of reuse grace', async () => {
    const sb = await sandbox()
    expect(sb.config.sessionIdle).toBe(7200)
    expect(sb.config.sessionMax).toBe(43200)
    expect(sb.config.refreshReuseGrace).toBe(10)
  })
})

describe('tokens are bound to their database', () => {
  it('a training token on demo gets 401; a refresh for demo issues a demo token', async () => {
    const sb = await sandbox()
    const training = await sb.signIn('staff', DEMO_PASSWORD, 'training')
    const onTraining = await sb.call('GET', '/events/1', {
      token: training.idToken,
      database: 'training',
    })
    expect(onTraining.status).toBe(200)
    const onDemo = await sb.call('GET', '/events/1', { token: training.idToken, database: 'demo' })
    expect(onDemo.status).toBe(401)
    expect(onDemo.error?.detail).toMatch(/issued for the "training" database/)

    // Switching database is a refresh for the other database.
    const res = await sb.call('POST', '/user-refresh-tokens', {
      body: { refreshToken: training.refreshToken },
      database: 'demo',
    })
    const demo = signInResultSchema.parse(res.data).authenticationResult!
    expect((await sb.call('GET', '/events/1', { token: demo.idToken })).status).toBe(200)
    expect(
      (await sb.call('GET', '/events/1', { token: demo.idToken, database: 'training' })).status,
    ).toBe(401)
  })
})

describe('sign-in throttling', () => {
  it('after 5 failed passwords for a user, answers 429 with Retry-After, even for the right one', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 5; i++) expect((await signInRaw(sb, 'staff', 'wrong')).status).toBe(401)
    const paused = await signInRaw(sb, 'staff', DEMO_PASSWORD)
    expect(paused.status).toBe(429)
    expect(paused.error?.status).toBe(429)
    const retryAfter = Number(paused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // Other users are not affected by one user's failures.
    expect((await signInRaw(sb, 'support', DEMO_PASSWORD)).status).toBe(200)
  })

  it('after 20 failures from one client address, whatever the usernames', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 20; i++)
      expect((await signInRaw(sb, `nobody${i}`, 'wrong')).status).toBe(401)
    const paused = await signInRaw(sb, 'admin', DEMO_PASSWORD)
    expect(paused.status).toBe(429)
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts failures per client address: one address paused, another signs in', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 20; i++)
      expect(await signInFrom(sb, '127.0.0.2', `nobody${i}`, 'wrong')).toBe(401)
    expect(await signInFrom(sb, '127.0.0.2', 'admin', DEMO_PASSWORD)).toBe(429)
    expect(await signInFrom(sb, '127.0.0.3', 'admin', DEMO_PASSWORD)).toBe(200)
  })

  it('does not take the address from X-Forwarded-For (a client cannot pick its own)', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 20; i++)
      expect(
        await signInFrom(sb, '127.0.0.2', `nobody${i}`, 'wrong', {
          'x-forwarded-for': `10.0.0.${i}`,
        }),
      ).toBe(401)
    const forged = { 'x-forwarded-for': '10.9.9.9' }
    expect(await signInFrom(sb, '127.0.0.2', 'admin', DEMO_PASSWORD, forged)).toBe(429)
  })

  it('lets sign-in through again once the window has passed', () => {
    const throttle = createSignInThrottle()
    const t0 = 1_000_000
    for (let i = 0; i < 5; i++) throttle.failed('staff', '10.0.0.1', t0 + i * 1000, true)
    expect(throttle.retryAfter('staff', '10.0.0.1', t0 + 5000)).toBe(
      (SIGN_IN_WINDOW_MS - 5000) / 1000,
    )
    // Another address that has failed too waits the user's growing delay.
    throttle.failed('someone', '10.0.0.2', t0 + 5000, false)
    expect(throttle.retryAfter('STAFF', '10.0.0.2', t0 + 5000)).toBeGreaterThan(0)
    expect(throttle.retryAfter('staff', '10.0.0.1', t0 + SIGN_IN_WINDOW_MS)).toBe(0)
  })

  it('a username alone does not keep its owner out: a clean address signs in', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 5; i++)
      expect(await signInFrom(sb, '127.0.0.2', 'staff', 'wrong')).toBe(401)
    // The guesser's address is paused for staff, the right password included.
    expect(await signInFrom(sb, '127.0.0.2', 'staff', DEMO_PASSWORD)).toBe(429)
    // A second guesser's address gets one try, then waits the user's growing delay.
    expect(await signInFrom(sb, '127.0.0.4', 'staff', 'wrong')).toBe(401)
    expect(await signInFrom(sb, '127.0.0.4', 'staff', 'wrong')).toBe(429)
    // Staff at their own desk, an address with no failures, signs in.
    expect(await signInFrom(sb, '127.0.0.3', 'staff', DEMO_PASSWORD)).toBe(200)
  })

  it("keeps a user's failures while 10,000 others fail from new addresses", () => {
    const throttle = createSignInThrottle()
    const t0 = 5_000_000
    for (let i = 0; i < 6; i++) throttle.failed('staff', '10.0.0.1', t0 + i, true)
    const before = throttle.retryAfter('staff', '10.0.0.1', t0 + 10)
    expect(before).toBeGreaterThan(14 * 60)
    for (let i = 0; i < 12_000; i++)
      throttle.failed(
        `nobody${i}`,
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        t0 + 10 + i,
        false,
      )
    const now = t0 + 20_000
    // Still paused from the guesser's address, and still delayed from another failing one.
    expect(throttle.retryAfter('staff', '10.0.0.1', now)).toBeGreaterThan(14 * 60)
    throttle.failed('staff', '10.200.0.1', now, true)
    expect(throttle.retryAfter('staff', '10.200.0.1', now)).toBe(userDelaySeconds(7))
    // And memory stays bounded.
    const sizes = throttle.sizes()
    expect(sizes.otherUsers).toBeLessThanOrEqual(10_000)
    expect(sizes.addresses).toBeLessThanOrEqual(10_000)
    expect(sizes.knownUsers).toBe(1)
  })

  it("grows a user's delay with every failure, up to the window", () => {
    expect([4, 5, 6, 7, 8].map((n) => userDelaySeconds(n))).toEqual([0, 2, 4, 8, 16])
    expect(userDelaySeconds(40)).toBe(SIGN_IN_WINDOW_MS / 1000)
  })

  it('groups addresses: IPv6 by its /64, IPv4-mapped as IPv4', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'))
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('::ffff:127.0.0.2')).toBe('127.0.0.2')
    expect(addressGroup('127.0.0.2')).toBe('127.0.0.2')
    // Twenty failures spread over one /64 pause all of it.
    const throttle = createSignInThrottle()
    for (let i = 0; i < 20; i++)
      throttle.failed(`u${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`, 1000 + i, false)
    expect(throttle.retryAfter('admin', '2001:db8:1:2:abcd::1', 2000)).toBeGreaterThan(0)
    expect(throttle.retryAfter('admin', '2001:db8:1:3::1', 2000)).toBe(0)
  })

  it('costs the same hashing work to refuse an unknown user as a known one', async () => {
    const sb = await sandbox()
    const work = async (user: string) => {
      const before = hashingWork.derivations
      expect((await signInRaw(sb, user, 'wrong')).status).toBe(401)
      return hashingWork.derivations - before
    }
    const known = await work('staff')
    const unknown = await work('no-such-user')
    expect(known).toBe(1)
    expect(unknown).toBe(known)
  })

  it('hashes off the event loop: the loop turns while a password is checked', async () => {
    const stored = hashPassword('correct horse')
    let turned = false
    setImmediate(() => (turned = true))
    // A synchronous derivation would finish (and resolve) before the loop could turn once.
    expect(await verifyPassword('correct horse', stored)).toBe(true)
    expect(turned).toBe(true)
  })
})
