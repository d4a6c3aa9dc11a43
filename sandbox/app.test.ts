import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSchema } from '../src/api/schemas/auth'
import { signJwt } from './identity/tokens'
import { startTestSandbox, type CallOptions, type TestSandbox } from './testing'

/**
 * One request of every operation of the service's API (and the schedule listing). The common
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
  it('is never cached: a refusal says Cache-Control: no-store', async () => {
    const res = await sb.call(method, pathname, { token: null })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

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

describe('request bodies', () => {
  /**
   * Streams up to `total` bytes in chunks to `pathname` without a Content-Length, stopping as
   * soon as an answer comes; resolves to the status and how much was sent.
   */
  function streamChunked(pathname: string, total: number) {
    const url = new URL(sb.baseUrl + pathname)
    return new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
      let sent = 0
      let answered = false
      const req = request(url, {
        method: 'POST',
        headers: {
          'x-api-key': sb.config.apiKey,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!answered) req.end()
      }
      req.on('response', (res) => {
        answered = true
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => {
          req.destroy()
          resolve({ status: res.statusCode ?? 0, sent, body })
        })
      })
      req.on('error', (error) => (answered ? undefined : reject(error)))
      pump()
    })
  }

  it('refuses a 300 MB chunked upload with 413 after reading little of it, memory flat', async () => {
    const before = process.memoryUsage().rss
    const { status, sent, body } = await streamChunked('/user-refresh-tokens', 300 * 1024 * 1024)
    expect(status).toBe(413)
    expect(JSON.parse(body)).toMatchObject({ error: { status: 413 } })
    expect(sent).toBeLessThan(64 * 1024 * 1024)
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024)
  })
})

describe('routing', () => {
  it('never lets an answer be cached or sniffed: no-store and nosniff, successes too', async () => {
    for (const path of [
      '/events/1',
      '/auths-vba/26-000001',
      '/priorities',
      '/openapi.json',
      '/no-such-thing',
    ]) {
      const res = await sb.fetch(sb.baseUrl + path, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-api-key': sb.config.apiKey,
          'service-database': 'demo',
        },
      })
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
  })

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

describe('role rules', () => {
  const as = async (user: string) => (await sb.signIn(user)).idToken
  const newAuth = {
    closed: false,
    new_Or_Extended: false,
    previous_Treatment: false,
    tPlan_DownLoaded: false,
    tPlan_Printed: 'N',
    urgent: false,
  }

  it('auths: everyone signed in reads; only support and admins change them (403 otherwise)', async () => {
    const staff = await as('staff')
    const support = await as('support')
    expect((await sb.call('GET', '/auths/26-000001', { token: staff })).status).toBe(200)
    const refused = await sb.call('POST', '/auths', { token: staff, body: newAuth })
    expect(refused.status).toBe(403)
    expect(refused.error?.detail).toMatch(/support or admin/)
    for (const [method, path] of [
      ['PUT', '/auths/26-000001'],
      ['DELETE', '/auths/26-000001'],
      ['POST', '/auths/26-000001/process-status/A'],
      ['POST', '/auths/26-000001/adjust'],
      ['PUT', '/auths'],
    ] as const)
      expect((await sb.call(method, path, { token: staff, body: [] })).status, path).toBe(403)
    expect((await sb.call('POST', '/auths', { token: support, body: newAuth })).status).toBe(200)
  })

  it('events: deleted by whoever entered it or an admin, not by the assigned user', async () => {
    const [staff, support, admin] = await Promise.all([as('staff'), as('support'), as('admin')])
    const create = (user_ID: string, token: string) =>
      sb
        .call('POST', '/events', {
          token,
          body: {
            claim_Audit_Event: false,
            process_Automation_Event: false,
            reminder: false,
            user_ID,
          },
        })
        .then((r) => r.data as { event_ID: number; update_Date: string })
    const supportsOwn = (await create('support', support)).event_ID
    const refused = await sb.call('DELETE', `/events/${supportsOwn}`, { token: staff })
    expect(refused.status).toBe(403)
    expect(refused.error?.detail).toMatch(/entered it/)
    expect((await sb.call('GET', `/events/${supportsOwn}`, { token: staff })).status).toBe(200)
    expect((await sb.call('DELETE', `/events/${supportsOwn}`, { token: support })).status).toBe(200)

    // Assigned to staff by someone else: staff works on it but may not delete it.
    const assigned = (await create('staff', support)).event_ID
    expect((await sb.call('DELETE', `/events/${assigned}`, { token: staff })).status).toBe(403)

    // Reassigning it to oneself does not make it one's own to delete.
    const taken = await create('support', support)
    const reassigned = await sb.call('PUT', `/events/${taken.event_ID}`, {
      token: staff,
      body: { ...taken, user_ID: 'staff' },
    })
    expect(reassigned.status).toBe(200)
    const afterTaking = await sb.call('DELETE', `/events/${taken.event_ID}`, { token: staff })
    expect(afterTaking.status).toBe(403)
    expect((await sb.call('GET', `/events/${taken.event_ID}`, { token: staff })).status).toBe(200)

    const enteredByStaff = (await create('dchen', staff)).event_ID
    expect((await sb.call('DELETE', `/events/${enteredByStaff}`, { token: staff })).status).toBe(
      200,
    )
    const anyones = (await create('dchen', support)).event_ID
    expect((await sb.call('DELETE', `/events/${anyones}`, { token: admin })).status).toBe(200)
  })

  it('sessions and the password policy: admins only', async () => {
    const staff = await as('staff')
    for (const [method, path] of [
      ['POST', '/kick/support'],
      ['POST', '/kick'],
      ['PUT', '/password-policy'],
    ] as const)
      expect((await sb.call(method, path, { token: staff, body: {} })).status, path).toBe(403)
  })
})

describe('data dir', () => {
  it('creates the databases, their WAL files and the secret readable by the owner only', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-modes-')), 'data')
    const fresh = await startTestSandbox({ dataDir })
    try {
      const { idToken } = await fresh.signIn('staff')
      expect((await fresh.call('GET', '/events/1', { token: idToken })).status).toBe(200)
      const files = readdirSync(dataDir)
      for (const name of ['identity.sqlite', 'demo.sqlite', 'token-secret', 'demo.sqlite-wal'])
        expect(files).toContain(name)
      for (const name of files)
        expect((statSync(path.join(dataDir, name)).mode & 0o777).toString(8), name).toBe('600')
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700')
    } finally {
      await fresh.close()
    }
  })

  it('keeps created rows, sessions and the signing secret when the sandbox is reopened', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-persist-'))
    try {
      const first = await startTestSandbox({ dataDir })
      const { idToken } = await first.signIn('support')
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
