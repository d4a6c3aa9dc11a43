import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSchema } from '../src/api/schemas/auth'
import { batchResultSchema } from '../src/api/schemas/batch-result'
import { eventListSchema, eventSchema } from '../src/api/schemas/event'
import { AUTH_TEXT_LIMITS, EVENT_TEXT_LIMITS } from '../src/api/schemas/text-limits'
import { startTestSandbox, type TestSandbox } from './testing'

/*
 * Text limits (src/api/schemas/text-limits.ts): a write with longer text is a 400 naming the
 * field, alone or as an item of a batch; text at the limit is stored; reads are not limited.
 */

let sb: TestSandbox
let token: string

beforeAll(async () => {
  sb = await startTestSandbox({ events: 20 })
  token = (await sb.signIn('support')).idToken
})
afterAll(() => sb.close())

const call = (method: string, path: string, body?: unknown) =>
  sb.call(method, path, { token, body })

const newEvent = (overrides: Record<string, unknown> = {}) => ({
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject: 'Text limits',
  ...overrides,
})

const newAuth = (overrides: Record<string, unknown> = {}) => ({
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  ...overrides,
})

/** Fields the service stamps itself: a body's values are ignored, but still held to the limit. */
const eventFields = Object.entries(EVENT_TEXT_LIMITS)
const authFields = Object.entries(AUTH_TEXT_LIMITS).filter(([f]) => f !== 'auth_Number')

describe('events', () => {
  it.each(eventFields)(
    'refuses %s over %i characters (400 naming it); stores it at the limit',
    async (field, max) => {
      const over = await call('POST', '/events', newEvent({ [field]: 'x'.repeat(max + 1) }))
      expect(over.status).toBe(400)
      expect(Object.keys(over.error?.errors ?? {})).toEqual([field])
      expect(over.error?.errors?.[field]).toMatch(
        new RegExp(`${max.toLocaleString('en-US')} characters`),
      )
      const at = await call('POST', '/events', newEvent({ [field]: 'x'.repeat(max) }))
      expect(at.status).toBe(200)
    },
  )

  it('refuses it on update and per item of a batch, storing the others', async () => {
    const created = eventSchema.parse((await call('POST', '/events', newEvent())).data)
    const long = 'x'.repeat(EVENT_TEXT_LIMITS.subject + 1)
    const put = await call('PUT', `/events/${created.event_ID}`, { ...created, subject: long })
    expect(put.status).toBe(400)
    expect(put.error?.errors).toHaveProperty('subject')
    const batch = await call('PUT', '/events-batch', [
      newEvent({ meta_Data: 'x'.repeat(EVENT_TEXT_LIMITS.meta_Data + 1) }),
      { ...created, subject: long },
      newEvent({ subject: 'fine' }),
    ])
    const results = batchResultSchema.parse(batch.data)
    expect(results.map((r) => r.status)).toEqual([400, 400, 201])
    expect(results[0]?.body).toContain('meta_Data')
    expect(results[1]?.body).toContain('subject')
    expect((await call('GET', `/events/${created.event_ID}`)).data).toEqual(created)
  })

  it('keeps the list readable: 530 events at the limits come back in one page of 1000', async () => {
    const full = newEvent({
      subject: 's'.repeat(EVENT_TEXT_LIMITS.subject),
      meta_Data: 'm'.repeat(EVENT_TEXT_LIMITS.meta_Data),
    })
    for (let i = 0; i < 530; i += 106) {
      const res = await call(
        'PUT',
        '/events-batch',
        Array.from({ length: 106 }, () => full),
      )
      expect(batchResultSchema.parse(res.data).every((r) => r.status === 201)).toBe(true)
    }
    const page = await call('GET', '/events?pageSize=1000')
    expect(page.status).toBe(200)
    expect(eventListSchema.parse(page.data).length).toBeGreaterThanOrEqual(550)
  })

  it('reads a record stored with longer text (written elsewhere) as it is', async () => {
    const created = eventSchema.parse((await call('POST', '/events', newEvent())).data)
    const long = 'x'.repeat(EVENT_TEXT_LIMITS.subject * 3)
    sb.sandbox.context
      .business('demo')
      .prepare('UPDATE events SET subject = ? WHERE event_ID = ?')
      .run(long, created.event_ID)
    const read = await call('GET', `/events/${created.event_ID}`)
    expect(read.status).toBe(200)
    expect(eventSchema.parse(read.data).subject).toBe(long)
  })
})

describe('auths', () => {
  it.each(authFields)(
    'refuses %s over %i characters (400 naming it); stores it at the limit',
    async (field, max) => {
      const over = await call('POST', '/auths', newAuth({ [field]: 'x'.repeat(max + 1) }))
      expect(over.status).toBe(400)
      expect(Object.keys(over.error?.errors ?? {})).toEqual([field])
      expect(over.error?.errors?.[field]).toMatch(
        new RegExp(`${max.toLocaleString('en-US')} characters`),
      )
      // At the limit it is stored (a few fields have rules of their own: a known auth code).
      if (field === 'auth_Code') return
      const at = await call('POST', '/auths', newAuth({ [field]: 'x'.repeat(max) }))
      expect(at.status, field).toBe(200)
    },
  )

  it('refuses it on update and per item of a batch, storing the others', async () => {
    const created = authSchema.parse((await call('POST', '/auths', newAuth())).data)
    const long = 'x'.repeat(AUTH_TEXT_LIMITS.notes + 1)
    const put = await call('PUT', `/auths/${created.auth_Number}`, { ...created, notes: long })
    expect(put.status).toBe(400)
    expect(put.error?.errors).toHaveProperty('notes')
    const batch = await call('PUT', '/auths', [
      newAuth({ narrative: 'x'.repeat(AUTH_TEXT_LIMITS.narrative + 1) }),
      { ...created, notes: long },
      newAuth({ notes: 'fine' }),
    ])
    const results = batchResultSchema.parse(batch.data)
    expect(results.map((r) => r.status)).toEqual([400, 400, 201])
    expect(results[0]?.body).toContain('narrative')
    expect(results[1]?.body).toContain('notes')
    expect((await call('GET', `/auths/${created.auth_Number}`)).data).toEqual(created)
  })
})

describe('the OpenAPI document', () => {
  it('gives the limits as maxLength of the write schemas, not of the read ones', async () => {
    const doc = (await (await sb.fetch(`${sb.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>
      components: { schemas: Record<string, { properties: Record<string, unknown> }> }
    }
    const maxLength = (schema: string, field: string) =>
      JSON.stringify(doc.components.schemas[schema]?.properties[field]).match(
        /"maxLength":(\d+)/,
      )?.[1]
    expect(maxLength('EventWrite', 'subject')).toBe(String(EVENT_TEXT_LIMITS.subject))
    expect(maxLength('AuthWrite', 'notes')).toBe(String(AUTH_TEXT_LIMITS.notes))
    expect(maxLength('Event', 'subject')).toBeUndefined()
    expect(maxLength('Auth', 'notes')).toBeUndefined()
    const body = (path: string, method: string) =>
      JSON.stringify(doc.paths[path]?.[method]?.requestBody)
    for (const [path, method] of [
      ['/events', 'post'],
      ['/events/{eventID}', 'put'],
      ['/events-batch', 'put'],
    ] as const)
      expect(body(path, method), `${method} ${path}`).toContain('EventWrite')
    for (const [path, method] of [
      ['/auths', 'post'],
      ['/auths/{authNumber}', 'put'],
      ['/auths', 'put'],
    ] as const)
      expect(body(path, method), `${method} ${path}`).toContain('AuthWrite')
  })
})
