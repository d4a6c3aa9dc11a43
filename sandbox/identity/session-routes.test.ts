import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordPolicySchema } from '../../src/api/schemas/password-policy'
import { kickResultSchema } from '../../src/api/schemas/session'
import { signInResultSchema, tokenClaimsSchema } from '../../src/api/schemas/sign-in'
import { DEMO_PASSWORD } from './users'
import { startTestSandbox, type CallOptions, type TestSandbox } from '../testing'

let sb: TestSandbox

beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(async () => {
  await sb.close()
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function expectProblem(
  method: string,
  pathname: string,
  status: number,
  options: CallOptions = {},
  on: TestSandbox = sb,
) {
  const res = await on.call(method, pathname, options)
  expect(res.status, `${method} ${pathname}`).toBe(status)
  expect(res.error?.status).toBe(status)
  expect(res.error?.instance).toBe(`/api${pathname}`)
  expect(res.data ?? null).toBeNull()
  return res.error!
}

/** `POST /user-authentication` with HTTP Basic credentials. */
async function signInRaw(
  username: string,
  password: string,
  options: { apiKey?: string | null; database?: string | null } = {},
) {
  const credentials = Buffer.from(`${username}:${password}`).toString('base64')
  return sb.call('POST', '/user-authentication', {
    apiKey: options.apiKey,
    database: options.database,
    headers: { authorization: `Basic ${credentials}` },
  })
}

const claimsOf = (jwt: string) => {
  const [head, body] = jwt.split('.')
  return {
    header: JSON.parse(Buffer.from(head!, 'base64url').toString('utf8')) as { alg: string },
    claims: tokenClaimsSchema.parse(JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'))),
  }
}

const canCall = async (token: string) =>
  (await sb.call('GET', '/users/staff/events', { token })).status !== 401

describe('POST /user-authentication', () => {
  it('signs in and returns tokens; the ID token is a JWT with the session claims', async () => {
    const res = await signInRaw('staff', DEMO_PASSWORD)
    expect(res.status).toBe(200)
    const result = signInResultSchema.parse(res.data)
    const tokens = result.authenticationResult!
    expect(tokens.refreshToken).toBeTruthy()
    expect(tokens.accessToken).toBeTruthy()
    const { header, claims } = claimsOf(tokens.idToken)
    expect(header.alg).toBe('HS256')
    expect(claims.sub).toBe('staff')
    expect(claims.sid).toEqual(expect.any(String))
    expect(claims.roles).toEqual(['staff'])
    expect(claims.exp! - claims.iat!).toBe(tokens.expiresIn)
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60)
    expect(await canCall(tokens.idToken)).toBe(true)
  })

  it('answers 401 for a wrong password, an unknown user or no credentials', async () => {
    const wrong = await signInRaw('staff', 'wrong-password')
    expect([wrong.status, wrong.error?.status]).toEqual([401, 401])
    expect(wrong.error?.instance).toBe('/api/user-authentication')
    expect(wrong.data ?? null).toBeNull()
    expect((await signInRaw('nobody', DEMO_PASSWORD)).status).toBe(401)
    await expectProblem('POST', '/user-authentication', 401)
  })

  it('answers 403 for a missing or wrong API key', async () => {
    expect((await signInRaw('staff', DEMO_PASSWORD, { apiKey: 'wrong' })).status).toBe(403)
    expect((await signInRaw('staff', DEMO_PASSWORD, { apiKey: null })).status).toBe(403)
  })

  it('answers 404 for an unknown database and 400 without one', async () => {
    const unknown = await signInRaw('staff', DEMO_PASSWORD, { database: 'nope' })
    expect([unknown.status, unknown.error?.status]).toEqual([404, 404])
    expect((await signInRaw('staff', DEMO_PASSWORD, { database: null })).status).toBe(400)
  })
})

describe('POST /user-refresh-tokens', () => {
  it('returns new tokens for the same session; a used refresh token is refused', async () => {
    const first = await sb.signIn('staff')
    const res = await sb.call('POST', '/user-refresh-tokens', {
      body: { refreshToken: first.refreshToken },
    })
    expect(res.status).toBe(200)
    const next = signInResultSchema.parse(res.data).authenticationResult!
    expect(claimsOf(next.idToken).claims.sid).toBe(claimsOf(first.idToken).claims.sid)
    // When the user signed in (OIDC's auth_time) survives the refresh; iat is the new token's.
    const signedIn = claimsOf(first.idToken).claims
    expect(signedIn.auth_time).toBe(signedIn.iat)
    expect(claimsOf(next.idToken).claims.auth_time).toBe(signedIn.auth_time)
    expect(claimsOf(next.idToken).claims.sub).toBe('staff')
    expect(next.refreshToken).not.toBe(first.refreshToken)
    expect(await canCall(next.idToken)).toBe(true)

    await expectProblem('POST', '/user-refresh-tokens', 401, {
      body: { refreshToken: first.refreshToken },
    })
  })

  it('refuses a refresh token after logout', async () => {
    const { idToken, refreshToken } = await sb.signIn('staff')
    expect((await sb.call('POST', '/logout', { token: idToken })).status).toBe(200)
    await expectProblem('POST', '/user-refresh-tokens', 401, { body: { refreshToken } })
  })

  it('needs the API key (403) and a refresh token in the body (400)', async () => {
    const { refreshToken } = await sb.signIn('staff')
    await expectProblem('POST', '/user-refresh-tokens', 403, {
      apiKey: null,
      body: { refreshToken },
    })
    const error = await expectProblem('POST', '/user-refresh-tokens', 400, { body: {} })
    expect(error.errors).toHaveProperty('refreshToken')
  })
})

describe('POST /logout', () => {
  it("ends the caller's session only: its token then gets 401", async () => {
    const mine = await sb.signIn('staff')
    const other = await sb.signIn('staff')
    const res = await sb.call('POST', '/logout', { token: mine.idToken })
    expect(res.status).toBe(200)
    expect(res.data).toBeNull()
    const error = await expectProblem('GET', '/users/staff/events', 401, { token: mine.idToken })
    expect(error.detail).toContain('ended')
    expect(await canCall(other.idToken)).toBe(true)
  })
})

describe('POST /kick/{userId}', () => {
  it('by an admin ends every session of that user', async () => {
    const admin = await sb.signIn('admin')
    const one = await sb.signIn('support')
    const two = await sb.signIn('support')
    const res = await sb.call('POST', '/kick/support', { token: admin.idToken })
    expect(res.status).toBe(200)
    expect(kickResultSchema.parse(res.data)).toMatchObject({ user_ID: 'support', sessionsEnded: 2 })
    expect(await canCall(one.idToken)).toBe(false)
    expect(await canCall(two.idToken)).toBe(false)
    expect(await canCall(admin.idToken)).toBe(true)
  })

  it('answers 404 for an unknown user and 403 to staff', async () => {
    const admin = await sb.signIn('admin')
    const error = await expectProblem('POST', '/kick/nobody', 404, { token: admin.idToken })
    expect(error.detail).toContain('nobody')
    const staff = await sb.signIn('staff')
    const target = await sb.signIn('support')
    await expectProblem('POST', '/kick/support', 403, { token: staff.idToken })
    expect(await canCall(target.idToken)).toBe(true)
  })
})

describe('POST /kick', () => {
  it("ends the session signed in longest, never the caller's; 404 when nobody else is", async () => {
    const fresh = await startTestSandbox()
    try {
      const admin = await fresh.signIn('admin')
      const kick = (token: string) => fresh.call('POST', '/kick', { token })
      await expectProblem('POST', '/kick', 404, { token: admin.idToken }, fresh)
      await fresh.signIn('admin') // the caller's own other sessions do not count
      await expectProblem('POST', '/kick', 404, { token: admin.idToken }, fresh)

      await pause(5)
      const support = await fresh.signIn('support')
      await pause(5)
      const staff = await fresh.signIn('staff')
      const alive = async (token: string) =>
        (await fresh.call('GET', '/users/staff/events', { token })).status !== 401

      const first = await kick(admin.idToken)
      expect(first.status).toBe(200)
      expect(kickResultSchema.parse(first.data)).toMatchObject({
        user_ID: 'support',
        sessionsEnded: 1,
      })
      expect(await alive(support.idToken)).toBe(false)
      expect(await alive(staff.idToken)).toBe(true)

      expect(kickResultSchema.parse((await kick(admin.idToken)).data)?.user_ID).toBe('staff')
      expect(await alive(staff.idToken)).toBe(false)
      await expectProblem('POST', '/kick', 404, { token: admin.idToken }, fresh)
      expect(await alive(admin.idToken)).toBe(true)

      const staffAgain = await fresh.signIn('staff')
      await expectProblem('POST', '/kick', 403, { token: staffAgain.idToken }, fresh)
    } finally {
      await fresh.close()
    }
  })
})

describe('POST /kick, the longest live session', () => {
  it('skips a session that has expired and ends one session, not all of its user', async () => {
    const fresh = await startTestSandbox({ sessionIdle: 1, sessionMax: 3600 })
    try {
      // Support's session is the oldest, but it idles out before anyone asks.
      await fresh.signIn('support')
      await pause(1300)
      const older = await fresh.signIn('staff')
      await pause(5)
      const newer = await fresh.signIn('staff')
      const admin = await fresh.signIn('admin')
      const res = await fresh.call('POST', '/kick', { token: admin.idToken })
      expect(kickResultSchema.parse(res.data)).toMatchObject({ user_ID: 'staff', sessionsEnded: 1 })
      const alive = async (token: string) =>
        (await fresh.call('GET', '/users/staff/events', { token })).status !== 401
      expect(await alive(older.idToken)).toBe(false)
      expect(await alive(newer.idToken)).toBe(true)
    } finally {
      await fresh.close()
    }
  })
})

describe('/password-policy', () => {
  const valid = {
    minimumLength: 14,
    requireUppercase: true,
    requireLowercase: true,
    requireNumbers: false,
    requireSymbols: true,
    temporaryPasswordValidityDays: 3,
  }

  it('is read by an admin, with the fields the console does not model', async () => {
    const { idToken } = await sb.signIn('admin')
    const res = await sb.call('GET', '/password-policy', { token: idToken })
    expect(res.status).toBe(200)
    const policy = passwordPolicySchema.parse(res.data)
    expect(policy.minimumLength).toEqual(expect.any(Number))
    expect(policy).toHaveProperty('passwordHistorySize')
  })

  it('is changed by an admin, keeping other fields; a later GET returns the new values', async () => {
    const { idToken } = await sb.signIn('admin')
    const before = passwordPolicySchema.parse(
      (await sb.call('GET', '/password-policy', { token: idToken })).data,
    )
    const res = await sb.call('PUT', '/password-policy', { token: idToken, body: valid })
    expect(res.status).toBe(200)
    const updated = passwordPolicySchema.parse(res.data)
    expect(updated).toEqual({ ...valid, passwordHistorySize: before.passwordHistorySize })
    const later = await sb.call('GET', '/password-policy', { token: idToken })
    expect(passwordPolicySchema.parse(later.data)).toEqual(updated)
  })

  it('answers 400 naming out-of-range or missing fields, and changes nothing', async () => {
    const { idToken } = await sb.signIn('admin')
    const before = (await sb.call('GET', '/password-policy', { token: idToken })).data
    const short = await expectProblem('PUT', '/password-policy', 400, {
      token: idToken,
      body: { ...valid, minimumLength: 3 },
    })
    expect(Object.keys(short.errors ?? {})).toEqual(['minimumLength'])
    const history = await expectProblem('PUT', '/password-policy', 400, {
      token: idToken,
      body: { ...valid, passwordHistorySize: 99 },
    })
    expect(Object.keys(history.errors ?? {})).toEqual(['passwordHistorySize'])
    const missing = await expectProblem('PUT', '/password-policy', 400, {
      token: idToken,
      body: { minimumLength: 12 },
    })
    expect(Object.keys(missing.errors ?? {})).toContain('requireSymbols')
    expect((await sb.call('GET', '/password-policy', { token: idToken })).data).toEqual(before)
  })

  it('is read by everyone signed in (the console shows the rules a password must meet)', async () => {
    const { idToken: admin } = await sb.signIn('admin')
    const policy = (await sb.call('GET', '/password-policy', { token: admin })).data
    for (const user of ['staff', 'support']) {
      const { idToken } = await sb.signIn(user)
      const res = await sb.call('GET', '/password-policy', { token: idToken })
      expect(res.status, user).toBe(200)
      expect(res.data).toEqual(policy)
    }
    await expectProblem('GET', '/password-policy', 401)
  })

  it('is changed by admins only: staff and support get 403 and change nothing', async () => {
    const { idToken: admin } = await sb.signIn('admin')
    const before = (await sb.call('GET', '/password-policy', { token: admin })).data
    for (const user of ['staff', 'support']) {
      const { idToken } = await sb.signIn(user)
      await expectProblem('PUT', '/password-policy', 403, {
        token: idToken,
        body: { ...valid, minimumLength: 20 },
      })
    }
    expect((await sb.call('GET', '/password-policy', { token: admin })).data).toEqual(before)
  })
})
