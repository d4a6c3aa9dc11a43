import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { demoAuth } from '../../sandbox/testing'
import { type TestService, startTestServer, type TestServer } from '../testing'

/*
 * The audit record read through `/console-api/audit`: who read auth N, what a user changed since
 * yesterday, by member; refused to staff and to a search it cannot read, and the chain's state.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string
let storage: TestServer['storage']
let admin: string
let support: string
let staff: string

beforeAll(async () => {
  running = await startTestServer({ events: 50 })
  ;({ service, baseUrl, storage } = running)
  admin = await service.tokenOf('admin')
  support = await service.tokenOf('support')
  staff = await service.tokenOf('staff')
})

afterAll(() => running?.close())

type Entry = {
  id: number
  userId: string
  userName: string
  action: string
  operation: string
  recordType: string | null
  recordId: string | null
  changes: Record<string, { before: unknown; after: unknown }> | null
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'service-database': 'demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { data: unknown; error: { detail: string } | null }
  return { status: response.status, json }
}

const search = async (token: string, query: Record<string, unknown>) => {
  const r = await call(token, 'POST', '/console-api/audit/search', query)
  return { ...r, data: r.json.data as { entries: Entry[]; next: number | null } }
}

describe('the audit record, searched', () => {
  it('finds who viewed an auth, and what a user changed since yesterday, by member too', async () => {
    const created = await call(support, 'POST', '/api/auths', {
      ...demoAuth(),
      subscriber_ID: 'SUB-77',
    })
    expect(created.status).toBe(200)
    const number = (created.json.data as { auth_Number: string }).auth_Number
    expect((await call(staff, 'GET', `/api/auths/${number}`)).status).toBe(200)

    const viewers = await search(admin, { recordType: 'auth', recordId: number, action: 'read' })
    expect(viewers.status).toBe(200)
    expect(viewers.data.entries.map((e) => e.userId)).toEqual(['staff'])

    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    const changed = await search(admin, { user: 'Pat Supp', action: 'write', from: yesterday })
    expect(changed.data.entries).toHaveLength(1)
    expect(changed.data.entries[0]).toMatchObject({
      userId: 'support',
      recordType: 'auth',
      recordId: number,
    })
    expect(changed.data.entries[0]!.changes!.subscriber_ID).toEqual({
      before: null,
      after: 'SUB-77',
    })

    const member = await search(admin, { member: 'SUB-77' })
    expect(member.data.entries.map((e) => e.recordId)).toEqual([number, number])
    expect((await search(admin, { member: 'SUB-78' })).data.entries).toEqual([])
  })

  it('pages newest first, and records each search as a read of the record', async () => {
    const first = await search(admin, { limit: 1 })
    expect(first.data.entries).toHaveLength(1)
    expect(first.data.next).toBe(first.data.entries[0]!.id)
    const second = await search(admin, { limit: 1, before: first.data.next })
    expect(second.data.entries[0]!.id).toBeLessThan(first.data.entries[0]!.id)
    const searches = await search(admin, { operation: 'POST /console-api/audit/search' })
    expect(searches.data.entries.length).toBeGreaterThanOrEqual(2)
    expect(searches.data.entries[0]).toMatchObject({ userId: 'admin', action: 'read' })
  })

  it('keeps sign-ins and sign-outs under sessions, apart from changes to records', async () => {
    const signedIn = await fetch(`${baseUrl}/api/user-authentication`, {
      method: 'POST',
      headers: {
        'service-database': 'demo',
        authorization: `Basic ${Buffer.from('compliance:Sandbox!2026').toString('base64')}`,
      },
    })
    expect(signedIn.status).toBe(200)
    const token = (
      (await signedIn.json()) as { data: { authenticationResult: { idToken: string } } }
    ).data.authenticationResult.idToken
    expect((await call(token, 'POST', '/api/logout')).status).toBe(200)

    const sessions = await search(admin, { user: 'compliance', action: 'session' })
    expect(sessions.status).toBe(200)
    expect(sessions.data.entries.map((e) => e.operation)).toEqual([
      'POST /logout',
      'POST /user-authentication',
    ])
    const changed = await search(admin, { action: 'write', limit: 500 })
    expect(changed.data.entries.length).toBeGreaterThan(0)
    expect(
      changed.data.entries.filter((e) => /user-authentication|logout|kick/.test(e.operation)),
    ).toEqual([])
    const any = await search(admin, { user: 'compliance' })
    expect(any.data.entries.map((e) => e.operation)).toContain('POST /user-authentication')
  })

  it('takes a wildcard as itself in a name', async () => {
    expect((await search(admin, { user: '%' })).data.entries).toEqual([])
  })

  it('refuses staff and support, and a search it cannot read, naming the field', async () => {
    for (const token of [staff, support]) {
      const refused = await call(token, 'POST', '/console-api/audit/search', {})
      expect(refused.status).toBe(403)
      expect(refused.json.error!.detail).toMatch(/open to admin and compliance only/)
      expect((await call(token, 'GET', '/console-api/audit/verify')).status).toBe(403)
    }
    const cases: [unknown, string][] = [
      [{ limit: 'abc' }, 'limit'],
      [{ limit: 100_000 }, 'limit'],
      [{ before: -3 }, 'before'],
      [{ action: 'delete' }, 'action'],
      [{ recordType: 'claim' }, 'recordType'],
      [{ from: 'yesterday' }, 'from'],
      // Dates JavaScript reads and Postgres does not: each a 500 before.
      [{ from: '2026-02-30T00:00:00Z' }, 'from'],
      [{ to: '0000-01-01T00:00:00Z' }, 'to'],
      [{ to: '+275760-09-13T00:00:00Z' }, 'to'],
      [{ from: '1' }, 'from'],
      [{ user: 'a\u0000b' }, 'user'],
      [{ user: 'x'.repeat(10_000) }, 'user'],
      [{ surprise: '1' }, 'body'],
      ['not an object', 'body'],
    ]
    for (const [query, field] of cases) {
      const bad = await call(admin, 'POST', '/console-api/audit/search', query)
      expect(bad.status, JSON.stringify(query).slice(0, 40)).toBe(400)
      expect(bad.json.error!.detail).toContain(field)
    }
    const huge = await fetch(`${baseUrl}/console-api/audit/search`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'service-database': 'demo',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ user: 'x'.repeat(2_000_000) }),
    })
    expect(huge.status).toBe(413)
  })

  it('says the chain is whole, and where it broke once an entry is changed', async () => {
    const whole = await call(admin, 'GET', '/console-api/audit/verify')
    expect(whole.json.data).toMatchObject({ whole: true, break: null })
    const { rows } = await storage.query<{ id: string }>(
      'SELECT id FROM audit_log ORDER BY id LIMIT 1',
    )
    await storage.transaction(async (tx) => {
      await tx.exec('ALTER TABLE audit_log DISABLE TRIGGER USER')
      await tx.query(`UPDATE audit_log SET user_id = 'nobody' WHERE id = $1`, [rows[0]!.id])
      await tx.exec('ALTER TABLE audit_log ENABLE TRIGGER USER')
    })
    const broken = await call(admin, 'GET', '/console-api/audit/verify')
    expect(broken.json.data).toMatchObject({
      whole: false,
      break: { id: Number(rows[0]!.id), reason: 'altered' },
    })
  })
})
