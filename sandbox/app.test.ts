import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSchema } from '../src/api/schemas/auth'
import { signJwt } from './identity/tokens'
import { startTestSandbox, type CallOptions, type TestSandbox } from './testing'

/**
 * One request of every operation of service.md section 4 (and the schedule listing). The common
 * rules are checked before an operation runs, so the IDs need not exist.
 */
const OPERATIONS: [string, string][] = [
  ['POST', '/auths'],
  ['PUT', '/auths'],
  ['GET', '/auths/26-000001'],
  ['PUT', '/auths/26-000001'],
  ['DELETE', '/auths/26-000001'],
  ['GET', '/auths-vba/26-000001'],
  ['POST', '/auths/26-000001/adjust'],
  ['POST', '/auths/26-000001/process-status/A'],
  ['POST', '/logout'],
  ['POST', '/kick/staff'],
  ['POST', '/kick'],
  ['GET', '/password-policy'],
  ['PUT', '/password-policy'],
  ['POST', '/events'],
  ['GET', '/events'],
  ['GET', '/events/1'],
  ['PUT', '/events/1'],
  ['DELETE', '/events/1'],
  ['PUT', '/events-batch'],
  ['GET', '/users/staff/events'],
  ['POST', '/events/1/reschedule'],
  ['GET', '/events/1/schedules'],
  ['POST', '/events/1/schedules/1/next'],
  ['POST', '/events/1/snooze'],
  ['GET', '/report-args'],
  ['GET', '/claim-invoice-statuses'],
  ['GET', '/schedule-intervals'],
  ['GET', '/schedule-interval-options'],
  ['GET', '/schedule-interval-end-options'],
  ['GET', '/days-of-week'],
  ['GET', '/months-of-year'],
  ['GET', '/event-actions'],
  ['GET', '/schedule-actions'],
  ['GET', '/durations'],
  ['GET', '/priorities'],
  ['GET', '/snoozes'],
]

let sb: TestSandbox
let token: string

beforeAll(async () => {
  // The common rules of every operation, over a real port (the other contract tests go in-process).
  sb = await startTestSandbox({}, { over: 'http' })
  token = (await sb.signIn('admin')).idToken
})
afterAll(async () => {
  await sb.close()
})

/** Calls and checks the problem: its status is the HTTP status, its instance the path. */
async function expectProblem(
  method: string,
  pathname: string,
  status: number,
  options: CallOptions,
  on: TestSandbox = sb,
) {
  const res = await on.call(method, pathname, options)
  expect(res.status, `${method} ${pathname}`).toBe(status)
  expect(res.error?.status).toBe(status)
  expect(res.error?.instance).toBe(`/api${pathname}`)
  expect(res.error?.title).toBeTruthy()
  expect(res.error?.detail).toBeTruthy()
  expect(res.data ?? null).toBeNull()
  return res
}

describe.each(OPERATIONS)('%s %s', (method, pathname) => {
  it('needs the API key: missing or wrong is 403', async () => {
    await expectProblem(method, pathname, 403, { token, apiKey: null })
    await expectProblem(method, pathname, 403, { token, apiKey: 'not-the-key' })
  })

  it('needs a valid bearer token: missing, malformed or forged is 401', async () => {
    await expectProblem(method, pathname, 401, { token: null })
    await expectProblem(method, pathname, 401, { token: 'not-a-jwt' })
    const now = Math.floor(Date.now() / 1000)
    const forged = signJwt(
      {
        sub: 'admin',
        sid: 'x',
        roles: ['admin'],
        name: 'Mallory',
        iat: now,
        exp: now + 600,
        token_use: 'id',
      },
      randomBytes(32),
    )
    await expectProblem(method, pathname, 401, { token: forged })
  })

  it('needs the service-database header: missing is 400, unknown is 404', async () => {
    const missing = await expectProblem(method, pathname, 400, { token, database: null })
    expect(missing.error?.detail).toContain('service-database')
    const unknown = await expectProblem(method, pathname, 404, { token, database: 'nope' })
    expect(unknown.error?.title).toBe('Unknown database')
  })
})

describe('routing', () => {
  it('answers 404 for an unknown route', async () => {
    const res = await expectProblem('GET', '/no-such-thing', 404, { token })
    expect(res.error?.detail).toContain('/api/no-such-thing')
    await expectProblem('GET', '/auths/26-000001/no/such/thing', 404, { token })
  })

  it('answers 405 with Allow for a method the path does not take', async () => {
    const logout = await expectProblem('DELETE', '/logout', 405, { token })
    expect(logout.headers.get('allow')).toBe('POST')
    const auth = await expectProblem('PATCH', '/auths/26-000001', 405, { token })
    expect(auth.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PUT'])
    const policy = await expectProblem('POST', '/password-policy', 405, { token })
    expect(policy.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'PUT'])
  })

  it('gives every answer a fresh activityID, successes and problems alike', async () => {
    const a = await sb.call('GET', '/password-policy', { token })
    const b = await sb.call('GET', '/password-policy', { token })
    const c = await sb.call('GET', '/password-policy', { token: null })
    const d = await sb.call('GET', '/password-policy', { token: null })
    expect([a.status, b.status, c.status, d.status]).toEqual([200, 200, 401, 401])
    expect(new Set([a.activityId, b.activityId, c.activityId, d.activityId]).size).toBe(4)
  })
})

describe('token lifetime', () => {
  it('refuses a token once it has expired (401)', async () => {
    const short = await startTestSandbox({ tokenTtl: 1 })
    try {
      const { idToken } = await short.signIn('admin')
      expect((await short.call('GET', '/password-policy', { token: idToken })).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const res = await expectProblem('GET', '/password-policy', 401, { token: idToken }, short)
      expect(res.error?.detail).toContain('expired')
    } finally {
      await short.close()
    }
  }, 10_000)
})

describe('data dir', () => {
  it('keeps created rows, sessions and the signing secret when the sandbox is reopened', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-persist-'))
    try {
      const first = await startTestSandbox({ dataDir })
      const { idToken } = await first.signIn('staff')
      const created = await first.call('POST', '/auths', {
        token: idToken,
        body: {
          auth_Number: 'KEEP-0001',
          closed: false,
          new_Or_Extended: false,
          previous_Treatment: false,
          tPlan_DownLoaded: false,
          tPlan_Printed: 'N',
          urgent: true,
          notes: 'Survives a restart.',
        },
      })
      expect(created.status).toBe(200)
      await first.close()

      const second = await startTestSandbox({ dataDir })
      try {
        const res = await second.call('GET', '/auths/KEEP-0001', { token: idToken })
        expect(res.status).toBe(200)
        expect(authSchema.parse(res.data)).toMatchObject({
          notes: 'Survives a restart.',
          urgent: true,
        })
        const count = second.sandbox.context
          .business('demo')
          .prepare('SELECT COUNT(*) AS n FROM auths')
          .get() as { n: number }
        expect(count.n).toBe(1001)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
