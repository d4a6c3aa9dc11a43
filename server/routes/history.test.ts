import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type TestService, startTestServer, type TestServer } from '../testing'

/*
 * A record's history: a change made through the console, with who and the fields, and then one
 * made on the service by another client, met by the mirror and attributed as the service says.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string
let storage: TestServer['storage']
let server: TestServer['server']

beforeAll(async () => {
  running = await startTestServer({
    events: 60,
    load: true,
    config: { eventScope: { staff: 'own' } },
  })
  ;({ service, baseUrl, storage, server } = running)
})

afterAll(() => running?.close())

type Change = {
  through: 'console' | 'service'
  userId: string | null
  userName: string | null
  operation: string
  fields: Record<string, { before: unknown; after: unknown }>
}

async function call(user: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await service.tokenOf(user)}`,
      'service-database': 'demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as { data: never } }
}

const history = async (user: string, kind: string, id: string | number) => {
  const r = await call(user, 'GET', `/console-api/history/${kind}/${id}`)
  return { status: r.status, changes: (r.json.data as { changes: Change[] } | null)?.changes }
}

describe('a record’s history', () => {
  it('shows a change through the console and one made on the service, each rightly attributed', async () => {
    const event = (await call('admin', 'GET', '/api/events/7')).json.data as Record<string, unknown>
    expect((await history('admin', 'event', 7)).changes).toEqual([])

    const put = await call('admin', 'PUT', '/api/events/7', { ...event, subject: 'Renamed here' })
    expect(put.status).toBe(200)
    // Another client of the service, past the console.
    const direct = await service.sandbox.call('PUT', '/events/7', {
      token: await service.tokenOf('support'),
      body: { ...(put.json.data as object), subject: 'Renamed there' },
    })
    expect(direct.status).toBe(200)
    await server.mirrors[0]!.pollChanges()

    const { changes } = await history('admin', 'event', 7)
    expect(changes).toHaveLength(2)
    const [outside, inside] = changes!
    expect(outside).toMatchObject({
      through: 'service',
      userId: 'support',
      operation: 'changed outside the console',
    })
    expect(outside!.fields.subject).toEqual({ before: 'Renamed here', after: 'Renamed there' })
    expect(outside!.fields.update_User).toEqual({ before: 'admin', after: 'support' })
    expect(inside).toMatchObject({ through: 'console', userId: 'admin', userName: 'Alex Admin' })
    expect(inside!.fields.subject!.after).toBe('Renamed here')

    // A poll that finds nothing new adds nothing.
    await server.mirrors[0]!.pollChanges()
    expect((await history('admin', 'event', 7)).changes).toHaveLength(2)

    // Changed past the console again, and met first by a read through it, not by the mirror.
    const now = (await call('admin', 'GET', '/api/events/7')).json.data as Record<string, unknown>
    await service.sandbox.call('PUT', '/events/7', {
      token: await service.tokenOf('staff'),
      body: { ...now, subject: 'Renamed by staff' },
    })
    expect((await call('admin', 'GET', '/api/events/7')).status).toBe(200)
    const latest = (await history('admin', 'event', 7)).changes!
    expect(latest).toHaveLength(3)
    expect(latest[0]).toMatchObject({ through: 'service', userId: 'staff' })
    expect(latest[0]!.fields.subject!.after).toBe('Renamed by staff')
  })

  it('tells a scoped user there is no such event outside their scope, and refuses bad IDs', async () => {
    const { rows } = await storage.query<{ event_id: number }>(
      `SELECT event_id FROM mirror_events WHERE database = 'demo'
         AND user_id IS DISTINCT FROM 'staff' AND user_group_key IS NULL LIMIT 1`,
    )
    if (rows[0]) expect((await history('staff', 'event', rows[0].event_id)).status).toBe(404)
    const { rows: mine } = await storage.query<{ event_id: number }>(
      `SELECT event_id FROM mirror_events WHERE database = 'demo' AND user_id = 'staff' LIMIT 1`,
    )
    expect((await history('staff', 'event', mine[0]!.event_id)).status).toBe(200)
    expect((await history('admin', 'event', 'abc')).status).toBe(400)
    expect((await history('admin', 'claim', '1')).status).toBe(400)
    expect((await history('admin', 'auth', 'x'.repeat(200))).status).toBe(400)
  })
})
