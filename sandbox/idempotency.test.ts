import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchResultSchema } from '../src/api/schemas/batch-result'
import { eventSchema } from '../src/api/schemas/event'
import type { Db } from './db/sqlite'
import { demoAuth, startTestSandbox, type CallOptions, type TestSandbox } from './testing'

/*
 * A write sent twice with one Idempotency-Key creates its records once: the second answer is the
 * first one again, whatever came between (a browser repeating a PUT on a connection reset, a
 * client retrying after a timeout).
 */

let sb: TestSandbox
let support: string
let admin: string
let db: Db

beforeAll(async () => {
  sb = await startTestSandbox()
  support = (await sb.signIn('support')).idToken
  admin = (await sb.signIn('admin')).idToken
  db = sb.sandbox.context.business('demo')
})
afterAll(() => sb.close())

const call = (method: string, path: string, key: string | null, options: CallOptions = {}) =>
  sb.call(method, path, {
    token: support,
    ...options,
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...options.headers },
  })

const count = (sql: string, ...params: string[]) =>
  (db.prepare(sql).get(...params) as { n: number }).n

const newEvent = (subject: string) => ({
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject,
  event_Type: 'FOLLOW_UP',
  priority: 'HIGH',
  status: 'Open',
  user_ID: 'staff',
  due_Date: '2026-03-14',
})

const newAuth = (notes: string) => demoAuth({ notes, requested_Thru: '2026-04-30' })

const eventsNamed = (subject: string) =>
  count('SELECT COUNT(*) AS n FROM events WHERE subject = ?', subject)
const authsNoted = (notes: string) =>
  count('SELECT COUNT(*) AS n FROM auths WHERE notes = ?', notes)

describe('Idempotency-Key', () => {
  it('POST /events twice with one key creates one event and answers the same twice', async () => {
    const body = newEvent('Idempotent event one')
    const first = await call('POST', '/events', 'ev-1', { body })
    const second = await call('POST', '/events', 'ev-1', { body })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(eventSchema.parse(second.data).event_ID).toBe(eventSchema.parse(first.data).event_ID)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(eventsNamed('Idempotent event one')).toBe(1)
    // Without a key, a repeat is a new event, as before.
    await call('POST', '/events', null, { body })
    expect(eventsNamed('Idempotent event one')).toBe(2)
  })

  it('PUT /auths: a batch of new auths sent again creates none twice, same numbers', async () => {
    const refused = { ...newAuth('Idempotent batch A'), units_Requested: 'many' }
    const body = [newAuth('Idempotent batch A'), newAuth('Idempotent batch A'), refused]
    const first = await call('PUT', '/auths', 'auth-batch-1', { body })
    const again = await call('PUT', '/auths', 'auth-batch-1', { body })
    const numbers = (data: unknown) => batchResultSchema.parse(data).map((r) => r.id?.[0]?.value)
    expect(numbers(again.data)).toEqual(numbers(first.data))
    expect(batchResultSchema.parse(again.data).map((r) => r.status)).toEqual([201, 201, 400])
    expect(authsNoted('Idempotent batch A')).toBe(2)
  })

  it('POST /auths and PUT /events-batch replay too', async () => {
    const auth = newAuth('Idempotent single auth')
    const a = await call('POST', '/auths', 'auth-1', { body: auth })
    const b = await call('POST', '/auths', 'auth-1', { body: auth })
    expect((b.data as { auth_Number: string }).auth_Number).toBe(
      (a.data as { auth_Number: string }).auth_Number,
    )
    expect(authsNoted('Idempotent single auth')).toBe(1)

    const events = [newEvent('Idempotent batch event'), newEvent('Idempotent batch event')]
    const x = await call('PUT', '/events-batch', 'ev-batch-1', { body: events })
    const y = await call('PUT', '/events-batch', 'ev-batch-1', { body: events })
    expect(y.data).toEqual(x.data)
    expect(eventsNamed('Idempotent batch event')).toBe(2)
  })

  it('refuses the same key with another body (422), writing nothing', async () => {
    await call('POST', '/events', 'ev-2', { body: newEvent('Idempotent two') })
    const other = await call('POST', '/events', 'ev-2', { body: newEvent('Idempotent other') })
    expect(other.status).toBe(422)
    expect(other.error?.detail).toMatch(/already used for another request/)
    expect(eventsNamed('Idempotent other')).toBe(0)
  })

  it("keys are each user's own", async () => {
    const body = newEvent('Idempotent per user')
    await call('POST', '/events', 'shared-key', { body })
    await call('POST', '/events', 'shared-key', { body, token: admin })
    expect(eventsNamed('Idempotent per user')).toBe(2)
  })

  it('a write that failed stored nothing: its key may be used again', async () => {
    const bad = await call('POST', '/events', 'ev-3', {
      body: { ...newEvent('Idempotent three'), due_Date: '2026-02-30' },
    })
    expect(bad.status).toBe(400)
    const good = await call('POST', '/events', 'ev-3', { body: newEvent('Idempotent three') })
    expect(good.status).toBe(200)
    expect(eventsNamed('Idempotent three')).toBe(1)
  })

  it('refuses a malformed key', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'é']) {
      const res = await call('POST', '/events', key, { body: newEvent('Idempotent bad key') })
      expect(res.status, JSON.stringify(key)).toBe(400)
    }
    expect(eventsNamed('Idempotent bad key')).toBe(0)
  })
})
