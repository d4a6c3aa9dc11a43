import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventSchema } from '../src/api/schemas/event'
import { demoAuth } from '../sandbox/testing'
import { createConsoleServer, listen } from './server'
import {
  countingFetch,
  eventually,
  openStream,
  openTestStorage,
  startService,
  storageKinds,
  type TestService,
  type TestStorage,
} from './testing'
import { openPostgres } from './db/storage'
import { PRESENCE_LOCK_CLASS } from './db/migrations'
import { SESSIONS_CHANNEL } from './sessions'
import { claimKey, keepAnswer, releaseKey } from './idempotency'

// A server takes seconds to start on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

type Json = {
  data: unknown
  error?: { status: number; detail: string }
  next?: { after: number; since?: string } | null
  deletedSeq?: number
  deleted?: number[]
}

describe.each(storageKinds)('the console server (%s)', (kind) => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of cleanup.reverse()) await close()
    cleanup.length = 0
  })

  async function setUp(
    options: { events?: number; verdictTtlMs?: number; recheckMs?: number } = {},
  ) {
    const service: TestService = await startService({ events: options.events ?? 120 })
    cleanup.push(() => service.close())
    const t: TestStorage = await openTestStorage(kind)
    cleanup.push(() => t.close())
    const counting = countingFetch()
    const server = await createConsoleServer(service.config, {
      storage: t.storage,
      mirrors: false,
      fetch: counting.fetch,
      verdictTtlMs: options.verdictTtlMs,
      recheckMs: options.recheckMs,
    })
    cleanup.push(() => server.close())
    await server.mirrors[0]!.firstLoad()
    const http = await listen(server, 0)
    cleanup.push(() => http.close())
    const admin = await service.tokenOf('admin')
    const call = async (
      method: string,
      path: string,
      init: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { 'service-database': 'demo', ...init.headers }
      const token = init.token === undefined ? admin : init.token
      if (token) headers.authorization = `Bearer ${token}`
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(http.baseUrl + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      const text = await response.text()
      // No answer ever carries a secret: the API key, a password.
      expect(text).not.toContain(service.config.serviceApiKey)
      expect(text).not.toContain('Sandbox!2026')
      for (const [, value] of response.headers)
        expect(value).not.toContain(service.config.serviceApiKey)
      return { status: response.status, headers: response.headers, json: JSON.parse(text) as Json }
    }
    return { service, t, storage: t.storage, server, http, admin, call, sent: counting.sent }
  }

  const auditRows = async (s: { storage: TestStorage['storage'] }) =>
    (
      await s.storage.query<Record<string, unknown>>(
        'SELECT id::text, user_id, user_name, action, operation, database, record_type, record_id, changes, status, activity_id, detail FROM audit_log ORDER BY audit_log.id',
      )
    ).rows

  it('answers health only to a token the service accepts, and remembers the verdict briefly', async () => {
    const s = await setUp({ verdictTtlMs: 400 })
    expect((await s.call('GET', '/console-api/health', { token: null })).status).toBe(401)
    expect((await s.call('GET', '/console-api/health', { token: 'a.b.c' })).status).toBe(401)
    const staff = await s.service.tokenOf('staff')
    const health = await s.call('GET', '/console-api/health', { token: staff })
    expect(health.status).toBe(200)
    expect(health.json.data).toMatchObject({
      storage: kind,
      databases: [
        { database: 'demo', phase: 'ready', events: 120, behindSince: null },
        { database: 'training', phase: 'waiting', events: 0 },
      ],
    })
    const demo = (health.json.data as { databases: { lastSuccessfulRead: string }[] }).databases[0]!
    expect(Date.parse(demo.lastSuccessfulRead)).toBeGreaterThan(Date.now() - 60_000)
    // No member data: no field of an event appears in it.
    expect(JSON.stringify(health.json)).not.toMatch(/subject|user_ID|Sam Staff/)

    // The verdict is remembered: a second request is not checked with the service again.
    const checks = () => s.sent.filter((r) => r.path === '/priorities').length
    const before = checks()
    await s.call('GET', '/console-api/health', { token: staff })
    expect(checks()).toBe(before)

    // A session ended at the service is refused once the verdict has expired.
    await s.service.sandbox.call('POST', '/kick/staff', { token: s.admin })
    await new Promise((r) => setTimeout(r, 450))
    expect((await s.call('GET', '/console-api/health', { token: staff })).status).toBe(401)
  })

  it('counts the events it holds in health once, and again after each change', async () => {
    const s = await setUp()
    const held = async () =>
      (
        (await s.call('GET', '/console-api/health')).json.data as {
          databases: { database: string; events: number }[]
        }
      ).databases.find((d) => d.database === 'demo')!.events
    expect(await held()).toBe(120)
    // A create through the console counts at once; a deletion made elsewhere once the mirror
    // has read it.
    const event = (await s.call('GET', '/api/events/6')).json.data as Record<string, unknown>
    const created = await s.call('POST', '/api/events', {
      body: { ...event, event_ID: 0, update_Date: undefined, subject: 'Counted' },
    })
    expect(created.status).toBe(200)
    expect(await held()).toBe(121)
    expect(await held()).toBe(121)
    await s.service.sandbox.call('DELETE', '/events/7', { token: s.admin })
    await s.server.mirrors[0]!.sweep()
    expect(await held()).toBe(120)
  })

  it('answers a NUL with a 400 on every route, stores half a character as U+FFFD, and mirrors both', async () => {
    const s = await setUp()
    const hostile: [string, string, unknown?][] = [
      ['POST', '/console-api/notes/counts', { kind: 'event', ids: ['1', '2\u0000'] }],
      ['POST', '/console-api/presence/open', { kind: 'event', ids: ['\u0000'] }],
      ['GET', '/console-api/presence/event/5?tab=a%00b'],
      ['POST', '/console-api/auths/register', { filter: { member: 'M\u0000' } }],
      ['POST', '/console-api/views', { name: 'Mine', state: { sort: 'due\u0000' } }],
      [
        'POST',
        '/console-api/views',
        {
          name: 'Deep',
          state: { calendar: JSON.parse('['.repeat(1000) + ']'.repeat(1000)) as unknown },
        },
      ],
      ['POST', '/console-api/notes/event/5', { body: 'nul \u0000' }],
      ['POST', '/console-api/audit/search', { user: '\u0000' }],
    ]
    for (const [method, path, body] of hostile) {
      const answer = await s.call(method, path, { body })
      expect(answer.status, `${method} ${path}`).toBe(400)
    }
    // Half a character (a 500 before, where JSON was written) is kept as U+FFFD.
    const view = await s.call('POST', '/console-api/views', {
      body: {
        name: 'Half',
        state: { sort: 'due\ud800', size: 25, columns: ['subject'], filters: '' },
        sharing: { with: 'none' },
      },
    })
    expect(view.status).toBe(201)
    expect((view.json.data as { state: { sort: string } }).state.sort).toBe('due\uFFFD')
    const note = await s.call('POST', '/console-api/notes/event/5', {
      body: { body: 'half \ud83d' },
    })
    expect(note.status).toBeLessThan(300)
    expect(
      (await s.call('POST', '/console-api/audit/search', { body: { user: '\ud800' } })).status,
    ).toBe(200)

    // The service holds a record with a NUL and half a character: the mirror stores it with
    // U+FFFD there and goes on; what was seen is audited.
    const event = (await s.call('GET', '/api/events/9')).json.data as Record<string, unknown>
    const put = await s.service.sandbox.call('PUT', '/events/9', {
      token: s.admin,
      body: { ...event, subject: 'Nul\u0000 and half \ud83d' },
    })
    expect(put.status).toBe(200)
    await s.server.mirrors[0]!.pollChanges()
    const { rows } = await s.storage.query<{ subject: string }>(
      `SELECT record->>'subject' AS subject FROM mirror_events WHERE database = 'demo' AND event_id = 9`,
    )
    expect(rows[0]!.subject).toBe('Nul\uFFFD and half \uFFFD')
    expect((await auditRows(s)).at(-1)).toMatchObject({ action: 'seen', record_id: '9' })
  })

  it('passes requests through with its own API key and the user’s token', async () => {
    const s = await setUp()
    const read = await s.call('GET', '/api/events/5', {
      headers: { 'x-api-key': 'what-a-browser-sent', cookie: 'session=1', connection: 'x-drop' },
    })
    expect(read.status).toBe(200)
    expect(eventSchema.safeParse(read.json.data).success).toBe(true)
    const sent = s.sent.find((r) => r.path === '/events/5')!
    expect(sent.headers.get('x-api-key')).toBe(s.service.config.serviceApiKey)
    expect(sent.headers.get('authorization')).toBe(`Bearer ${s.admin}`)
    expect(sent.headers.get('service-database')).toBe('demo')
    expect(sent.headers.get('cookie')).toBeNull()
    // The service's own answers (a 404, a list) come through as they are.
    expect((await s.call('GET', '/api/events/999999')).status).toBe(404)
    const list = await s.call('GET', '/api/events?page=1&pageSize=3')
    expect((list.json.data as unknown[]).length).toBe(3)
    expect(list.headers.get('content-type')).toContain('text/plain')
    // A body over the limit is refused while it arrives.
    const big = await s.call('POST', '/api/events', { body: { subject: 'x'.repeat(1_100_000) } })
    expect(big.status).toBe(413)
  })

  it('sends the service only paths below its own, as the audit reads them', async () => {
    const s = await setUp()
    const before = s.sent.length
    // A backslash, a dot segment or an escape that does not decode: refused, nothing sent.
    for (const path of [
      '/api/%5c..%5c..%5c..%5cinternal%5cadmin',
      '/api/events/%2e%2e%5c%2e%2e%5cusers',
      '/api/events/..%2Fusers',
      '/api/events/%ZZ',
      '/api/events/5%00',
    ]) {
      const refused = await fetch(s.http.baseUrl + path, {
        headers: { 'service-database': 'demo', authorization: `Bearer ${s.admin}` },
      })
      expect(refused.status, path).toBe(400)
      expect(((await refused.json()) as Json).error?.detail, path).toMatch(/not one of the service/)
    }
    const put = await fetch(`${s.http.baseUrl}/api/%5c..%5capi%5cevents%5c5`, {
      method: 'PUT',
      headers: { 'service-database': 'demo', authorization: `Bearer ${s.admin}` },
      body: '{}',
    })
    expect(put.status).toBe(400)
    expect(s.sent.slice(before)).toEqual([])
    // Empty segments are dropped: the service reads the event the audit names.
    const read = await s.call('GET', '/api//events//5/')
    expect(read.status).toBe(200)
    expect(s.sent.at(-1)!.path).toBe('/events/5')
    expect((await auditRows(s)).at(-1)).toMatchObject({
      operation: 'GET /events/{eventID}',
      record_id: '5',
      action: 'read',
    })
  })

  it('sends no write of a token the service refuses, and puts no stranger on record', async () => {
    const s = await setUp()
    const rows = (await auditRows(s)).length
    const writes = () => s.sent.filter((r) => r.method !== 'GET').length
    const sentBefore = writes()
    // A forged token: refused at the door (the gate asks the service once), nothing written.
    const forged = await s.call('DELETE', '/api/events/7', { token: forge('admin') })
    expect(forged.status).toBe(401)
    expect(writes()).toBe(sentBefore)
    // No token at all: the service refuses it, and the audit gains nothing.
    for (let i = 0; i < 5; i++)
      expect((await s.call('POST', '/api/events', { token: null, body: {} })).status).toBe(401)
    // A database this server does not serve: refused here.
    const elsewhere = await s.call('POST', '/api/events', {
      body: {},
      headers: { 'service-database': 'not-served' },
    })
    expect(elsewhere.status).toBe(404)
    expect((await auditRows(s)).length).toBe(rows)
    expect((await auditRows(s)).filter((r) => r.user_id === 'admin' && r.status === 401)).toEqual(
      [],
    )
  })

  it('puts a sign-in on record as the user the service signed in, a refused one not at all', async () => {
    const s = await setUp()
    const signIn = (password: string) =>
      fetch(`${s.http.baseUrl}/api/user-authentication`, {
        method: 'POST',
        headers: {
          'service-database': 'demo',
          authorization: `Basic ${Buffer.from(`support:${password}`).toString('base64')}`,
        },
      })
    const before = (await auditRows(s)).length
    expect((await signIn('not the password')).status).toBe(401)
    expect((await auditRows(s)).length).toBe(before)
    expect((await signIn('Sandbox!2026')).status).toBe(200)
    const entries = (await auditRows(s)).slice(before)
    expect(entries).toMatchObject([
      { user_id: 'support', operation: 'POST /user-authentication', status: 200 },
    ])
    expect(typeof entries[0]!.user_name).toBe('string')
    expect(JSON.stringify(entries)).not.toContain('Sandbox!2026')
  })

  it('updates the mirror at once after a write and audits each changed field', async () => {
    const s = await setUp()
    const event = (await s.call('GET', '/api/events/5')).json.data as Record<string, unknown>
    const put = await s.call('PUT', '/api/events/5', { body: { ...event, subject: 'Renamed' } })
    expect(put.status).toBe(200)
    const { rows } = await s.storage.query<{ record: { subject: string; update_Date: string } }>(
      "SELECT record FROM mirror_events WHERE database = 'demo' AND event_id = 5",
    )
    expect(rows[0]!.record.subject).toBe('Renamed')
    const audit = await auditRows(s)
    const write = audit.find((a) => a.action === 'write')!
    expect(write).toMatchObject({
      user_id: 'admin',
      user_name: 'Alex Admin',
      operation: 'PUT /events/{eventID}',
      database: 'demo',
      record_type: 'event',
      record_id: '5',
      status: 200,
    })
    expect(write.activity_id).toEqual(expect.any(String))
    expect((write.changes as Record<string, unknown>).subject).toEqual({
      before: event.subject,
      after: 'Renamed',
    })
    // The read of one event was audited too.
    expect(audit.find((a) => a.action === 'read')).toMatchObject({
      operation: 'GET /events/{eventID}',
      record_id: '5',
      user_id: 'admin',
    })

    const removed = await s.call('DELETE', '/api/events/5')
    expect(removed.status).toBe(200)
    const gone = await s.storage.query(
      "SELECT 1 FROM mirror_events WHERE database = 'demo' AND event_id = 5",
    )
    expect(gone.rows).toEqual([])
    const deletion = (await auditRows(s)).at(-1)!
    expect(deletion).toMatchObject({ operation: 'DELETE /events/{eventID}', record_id: '5' })
    expect((deletion.changes as Record<string, { after: unknown }>).subject).toEqual({
      before: 'Renamed',
      after: null,
    })

    // An auth the server meets is kept: created, read, changed.
    const created = await s.call('POST', '/api/auths', { body: demoAuth() })
    expect(created.status).toBe(200)
    const number = (created.json.data as { auth_Number: string }).auth_Number
    const held = await s.storage.query<{ status: string }>(
      "SELECT status FROM mirror_auths WHERE database = 'demo' AND auth_number = $1",
      [number],
    )
    expect(held.rows).toEqual([{ status: 'Pended' }])
    expect((await s.call('GET', `/api/auths/${number}`)).status).toBe(200)
    expect((await auditRows(s)).at(-1)).toMatchObject({
      action: 'read',
      record_type: 'auth',
      record_id: number,
    })
  })

  it('answers a repeated write with the stored answer, never asking the service twice', async () => {
    const s = await setUp()
    const event = (await s.call('GET', '/api/events/6')).json.data as Record<string, unknown>
    const body = { ...event, event_ID: 0, update_Date: undefined, subject: 'Once only' }
    const headers = { 'idempotency-key': 'create-once-1' }
    const posts = () => s.sent.filter((r) => r.method === 'POST' && r.path === '/events').length
    const [a, b] = await Promise.all([
      s.call('POST', '/api/events', { body, headers }),
      s.call('POST', '/api/events', { body, headers }),
    ])
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(b.json).toEqual(a.json)
    expect(posts()).toBe(1)
    const again = await s.call('POST', '/api/events', { body, headers })
    expect(again.json).toEqual(a.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(posts()).toBe(1)
    // The same key for another request is refused; another user's same key is their own.
    const other = await s.call('POST', '/api/events', { body: { ...body, subject: 'x' }, headers })
    expect(other.status).toBe(422)
    const staff = await s.service.tokenOf('staff')
    const theirs = await s.call('POST', '/api/events', { body, headers, token: staff })
    expect(theirs.status).toBe(200)
    expect(theirs.json.data).not.toEqual(a.json.data)
    expect(posts()).toBe(2)
    // A forged token never gets a stored answer.
    const forged = await s.call('POST', '/api/events', { body, headers, token: forge('admin') })
    expect(forged.status).toBe(401)
    expect(posts()).toBe(2)
  })

  it('follows a batch and a refused write in the mirror and the audit', async () => {
    const s = await setUp()
    const event = (await s.call('GET', '/api/events/14')).json.data as Record<string, unknown>
    const batch = await s.call('PUT', '/api/events-batch', {
      body: [{ ...event, subject: 'In a batch' }],
    })
    expect((batch.json.data as { status: number }[])[0]!.status).toBe(200)
    const { rows } = await s.storage.query<{ subject: string }>(
      "SELECT record->>'subject' AS subject FROM mirror_events WHERE database = 'demo' AND event_id = 14",
    )
    expect(rows).toEqual([{ subject: 'In a batch' }])
    const audit = await auditRows(s)
    expect(audit.at(-1)).toMatchObject({
      operation: 'PUT /events-batch',
      record_id: '14',
      changes: { subject: { before: event.subject, after: 'In a batch' } },
    })
    // A write from a version the service no longer holds is refused: audited, mirror unchanged.
    const stale = await s.call('PUT', '/api/events/14', { body: { ...event, subject: 'Stale' } })
    expect(stale.status).toBe(409)
    expect((await auditRows(s)).at(-1)).toMatchObject({
      operation: 'PUT /events/{eventID}',
      record_id: '14',
      status: 409,
      changes: null,
    })
    const still = await s.storage.query<{ subject: string }>(
      "SELECT record->>'subject' AS subject FROM mirror_events WHERE database = 'demo' AND event_id = 14",
    )
    expect(still.rows).toEqual([{ subject: 'In a batch' }])
  })

  it('hands the service’s answer on even when it cannot be recorded', async () => {
    const s = await setUp()
    const event = (await s.call('GET', '/api/events/15')).json.data as Record<string, unknown>
    await s.storage.exec('ALTER TABLE audit_log RENAME TO audit_log_away')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const put = await s.call('PUT', '/api/events/15', { body: { ...event, subject: 'Saved' } })
    const logged = errors.mock.calls.flat().join(' ')
    errors.mockRestore()
    expect(put.status).toBe(200)
    expect((put.json.data as { subject: string }).subject).toBe('Saved')
    // What was logged names the operation, never the record's content.
    expect(logged).toContain('PUT /events/{eventID} (200)')
    expect(logged).not.toContain('Saved')
    await s.storage.exec('ALTER TABLE audit_log_away RENAME TO audit_log')
  })

  it('tells a repeat that the first request with its key is still in progress', async () => {
    const s = await setUp()
    const ref = { userHash: 'u', key: 'k', database: 'demo' }
    expect(await claimKey(s.storage, ref, 'f1')).toEqual({ kind: 'first' })
    expect(await claimKey(s.storage, ref, 'f1', 150)).toEqual({ kind: 'in-progress' })
    expect(await claimKey(s.storage, ref, 'f2', 150)).toEqual({ kind: 'other-request' })
    // A repeat waiting meanwhile gets the answer once it is kept.
    const waiting = claimKey(s.storage, ref, 'f1', 3000)
    await keepAnswer(s.storage, ref, { status: 200, headers: {}, body: '{"data":1}' })
    expect(await waiting).toEqual({ kind: 'replay', status: 200, headers: {}, body: '{"data":1}' })
    // A key given back (the write failed) may be used again.
    const other = { ...ref, key: 'k2' }
    await claimKey(s.storage, other, 'f1')
    await releaseKey(s.storage, other)
    expect(await claimKey(s.storage, other, 'f3')).toEqual({ kind: 'first' })
  })

  it('keeps the audit append-only: SQL UPDATE and DELETE are refused, and no route changes it', async () => {
    const s = await setUp()
    await s.call('GET', '/api/events/8')
    const [entry] = await auditRows(s)
    expect(entry).toBeDefined()
    await expect(
      s.storage.query("UPDATE audit_log SET user_id = 'someone' WHERE id = $1", [entry!.id]),
    ).rejects.toThrow(/append-only/)
    await expect(
      s.storage.query('DELETE FROM audit_log WHERE id = $1', [entry!.id]),
    ).rejects.toThrow(/append-only/)
    await expect(s.storage.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only/)
    // Only an entry older than the retention may be deleted.
    await s.storage.query(
      "INSERT INTO audit_log (at, action, operation) VALUES (now() - interval '2193 days', 'read', 'old')",
    )
    const old = await s.storage.query("DELETE FROM audit_log WHERE operation = 'old'")
    expect(old.rowCount).toBe(1)

    // Every route of the server, with every method: the entries stay as they were.
    const before = await auditRows(s)
    const routes = [
      '/console-api/health',
      '/console-api/events',
      '/console-api/audit',
      '/console-api/audit/1',
      '/console-api/audit/search',
      '/console-api/audit/verify',
      '/api/audit',
      '/console-api/events/1',
    ]
    for (const path of routes)
      for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'])
        await s.call(method, path, { body: method === 'DELETE' ? undefined : {} })
    const after = await auditRows(s)
    expect(after.slice(0, before.length)).toEqual(before)
    // The only routes of the record search it and check its chain.
    const appRoutes = s.server.app.routes.map((r) => `${r.method} ${r.path}`)
    expect(new Set(appRoutes.filter((r) => /audit/i.test(r)))).toEqual(
      new Set([
        'ALL /console-api/audit/*',
        'POST /console-api/audit/search',
        'GET /console-api/audit/verify',
      ]),
    )
  })

  it('pages the mirror for the console, audited, in the service’s event shape', async () => {
    const s = await setUp({ events: 120 })
    const first = await s.call('GET', '/console-api/events?database=demo&limit=50')
    expect(first.status).toBe(200)
    const page = first.json.data as unknown[]
    expect(page.length).toBe(50)
    for (const e of page) expect(eventSchema.safeParse(e).success).toBe(true)
    let after = first.json.next!.after
    let total = page.length
    for (;;) {
      const next = await s.call('GET', `/console-api/events?database=demo&limit=50&after=${after}`)
      total += (next.json.data as unknown[]).length
      if (!next.json.next) break
      after = next.json.next.after
    }
    expect(total).toBe(120)

    // Changes since a date: the edited event, and nothing older.
    const event = (await s.call('GET', '/api/events/9')).json.data as Record<string, unknown>
    const put = await s.call('PUT', '/api/events/9', { body: { ...event, subject: 'Later' } })
    const stamp = (put.json.data as { update_Date: string }).update_Date
    const since = await s.call(
      'GET',
      `/console-api/events?database=demo&since=${encodeURIComponent(stamp)}`,
    )
    expect((since.json.data as { event_ID: number }[]).map((e) => e.event_ID)).toEqual([9])

    // Deletions since an earlier answer, which no update_Date shows.
    const mark = since.json.deletedSeq!
    expect((await s.call('DELETE', '/api/events/10')).status).toBe(200)
    const later = await s.call(
      'GET',
      `/console-api/events?database=demo&since=${encodeURIComponent(stamp)}&deletedAfter=${mark}`,
    )
    expect(later.json.deleted).toEqual([10])
    expect(later.json.deletedSeq).toBeGreaterThan(mark)

    const reads = (await auditRows(s)).filter((a) => a.operation === 'GET /console-api/events')
    expect(reads.length).toBe(5)
    expect(reads[0]).toMatchObject({ user_id: 'admin', database: 'demo', detail: { count: 50 } })
    expect((await s.call('GET', '/console-api/events?database=nowhere')).status).toBe(404)
  })

  it('streams every change of the mirror and ends when the token is refused', async () => {
    const s = await setUp({ verdictTtlMs: 200, recheckMs: 200 })
    const staff = await s.service.tokenOf('staff')
    const stream = await openStream(`${s.http.baseUrl}/console-api/stream?database=demo`, staff)
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
    await stream.next((m) => m.event === 'ready')
    const event = (await s.call('GET', '/api/events/11')).json.data as Record<string, unknown>
    const put = await s.call('PUT', '/api/events/11', { body: { ...event, subject: 'Live' } })
    const stamp = (put.json.data as { update_Date: string }).update_Date
    const change = await stream.next((m) => m.event === 'change')
    expect(change.data).toEqual({
      database: 'demo',
      kind: 'event',
      id: '11',
      update_Date: stamp,
      op: 'upsert',
    })
    // A change found by the look for changes is sent too.
    const direct = (await s.service.sandbox.call('GET', '/events/12', { token: s.admin }))
      .data as Record<string, unknown>
    await s.service.sandbox.call('PUT', '/events/12', {
      token: s.admin,
      body: { ...direct, subject: 'Elsewhere' },
    })
    await s.server.mirrors[0]!.pollChanges()
    await stream.next((m) => m.event === 'change' && (m.data as { id: string }).id === '12')

    await s.service.sandbox.call('POST', '/kick/staff', { token: s.admin })
    await stream.next((m) => m.event === 'end', 5000)
    await eventually(() => stream.ended, 5000, 'the stream to close')
    await stream.close()
  })

  it('two instances on one database: a write through one reaches the other’s stream', async () => {
    const s = await setUp()
    // A second server on the same database, with connections of its own.
    const storage = await openPostgres(s.t.url)
    const second = await createConsoleServer(s.service.config, { storage, mirrors: false })
    const http2 = await listen(second, 0)
    cleanup.push(async () => {
      await http2.close()
      await second.close()
      await storage.close()
    })
    const stream = await openStream(`${http2.baseUrl}/console-api/stream`, s.admin)
    await stream.next((m) => m.event === 'ready')
    const event = (await s.call('GET', '/api/events/13')).json.data as Record<string, unknown>
    await s.call('PUT', '/api/events/13', { body: { ...event, subject: 'Through A' } })
    await stream.next((m) => m.event === 'change' && (m.data as { id: string }).id === '13')
    await stream.close()
  })

  it('a start that fails part way lets its presence go; the next start works and closes twice cleanly', async () => {
    const s = await setUp()
    const storage = await openPostgres(s.t.url)
    cleanup.push(() => storage.close())
    const held = async () => {
      const { rows } = await s.storage.query<{ locks: number }>(
        `SELECT count(*)::int AS locks FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.classid = $1 AND a.datname = current_database()`,
        [PRESENCE_LOCK_CLASS],
      )
      return rows[0]!
    }
    const before = await held()
    // Postgres refuses the last thing a start asks of it: listening for the ends of sessions.
    const refusing = {
      ...storage,
      listen: ((channel, ...rest) =>
        channel === SESSIONS_CHANNEL
          ? Promise.reject(new Error('LISTEN refused'))
          : storage.listen(channel, ...rest)) as typeof storage.listen,
    }
    await expect(
      createConsoleServer(s.service.config, { storage: refusing, mirrors: false }),
    ).rejects.toThrow('LISTEN refused')
    // Its presence was let go at once: no other instance takes it for alive.
    await eventually(async () => (await held()).locks === before.locks, 5_000, 'presence let go')
    // A second start on the same storage works, and closing it twice is harmless.
    const second = await createConsoleServer(s.service.config, { storage, mirrors: false })
    expect((await held()).locks).toBe(before.locks + 1)
    await second.close()
    await second.close()
    await eventually(async () => (await held()).locks === before.locks, 5_000, 'presence let go')
  })

  it('ends the streams when its own listening to Postgres was cut, so tabs read what they missed', async () => {
    const s = await setUp()
    const stream = await openStream(`${s.http.baseUrl}/console-api/stream`, s.admin)
    await stream.next((m) => m.event === 'ready')
    const { rows } = await s.storage.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    )
    expect(rows.some((r) => r.ended)).toBe(true)
    // Closed without an end message: the browser opens it again and reads what it missed.
    await eventually(() => stream.ended, 10_000, 'the stream to close')
    await stream.close()
    const again = await openStream(`${s.http.baseUrl}/console-api/stream`, s.admin)
    await again.next((m) => m.event === 'ready')
    const event = (await s.call('GET', '/api/events/14')).json.data as Record<string, unknown>
    await s.call('PUT', '/api/events/14', { body: { ...event, subject: 'After the cut' } })
    await again.next((m) => m.event === 'change' && (m.data as { id: string }).id === '14')
    await again.close()
  })

  it('answers a tab’s session check itself; a kick through either instance ends it at once', async () => {
    // Verdicts kept an hour: only the kick passing through can end them early.
    const s = await setUp({ verdictTtlMs: 3_600_000, recheckMs: 3_600_000 })
    const storage = await openPostgres(s.t.url)
    const second = await createConsoleServer(s.service.config, {
      storage,
      mirrors: false,
      verdictTtlMs: 3_600_000,
      recheckMs: 3_600_000,
    })
    const http2 = await listen(second, 0)
    cleanup.push(async () => {
      await http2.close()
      await second.close()
      await storage.close()
    })
    const staff = await s.service.tokenOf('staff')
    const support = await s.service.tokenOf('support')
    const checks = () => s.sent.filter((r) => r.path === '/priorities').length

    const first = await s.call('GET', '/console-api/session', { token: staff })
    expect(first.status).toBe(200)
    expect(first.json.data).toMatchObject({ userId: 'staff', database: 'demo' })
    const asked = checks()
    // Many tabs checking often: the service is asked once per verdict, not per check.
    for (let i = 0; i < 10; i++)
      expect((await s.call('GET', '/console-api/session', { token: staff })).status).toBe(200)
    expect(checks()).toBe(asked)

    const stream = await openStream(`${http2.baseUrl}/console-api/stream`, staff)
    await stream.next((m) => m.event === 'ready')
    const other = await fetch(`${http2.baseUrl}/console-api/session`, {
      headers: { authorization: `Bearer ${staff}`, 'service-database': 'demo' },
    })
    expect(other.status).toBe(200)

    // An administrator ends staff's session through the first instance.
    expect((await s.call('POST', '/api/kick/staff')).status).toBe(200)
    expect((await s.call('GET', '/console-api/session', { token: staff })).status).toBe(401)
    // The second instance hears of it over Postgres: its check and its stream end too.
    await eventually(
      async () =>
        (
          await fetch(`${http2.baseUrl}/console-api/session`, {
            headers: { authorization: `Bearer ${staff}`, 'service-database': 'demo' },
          })
        ).status === 401 || undefined,
      5000,
      'the second instance to refuse the kicked token',
    )
    await stream.next((m) => m.event === 'end', 5000)
    await stream.close()
    // Another user's session is untouched, and not asked about again.
    expect((await s.call('GET', '/console-api/session', { token: support })).status).toBe(200)

    // A sign-out through the server ends that token only.
    expect((await s.call('POST', '/api/logout', { token: support })).status).toBe(200)
    expect((await s.call('GET', '/console-api/session', { token: support })).status).toBe(401)
  })
})

/** A token with the claims of `user` and no valid signature. */
function forge(user: string) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${part({ alg: 'HS256' })}.${part({ sub: user, sid: 'x', roles: ['admin'], db: 'demo', exp })}.c2ln`
}
