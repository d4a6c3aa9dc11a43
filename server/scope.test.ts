import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatServiceDate } from '../src/api/schemas/common'
import { startOfDay } from '../src/features/events/model/days'
import { readGroupsClaim } from '../src/features/session/token-claims'
import { ConfigError, configFromEnv } from './config'
import { createConsoleServer, listen } from './server'
import { readClaims } from './service/account'
import {
  openStream,
  openTestStorage,
  startService,
  type TestService,
  type TestStorage,
} from './testing'

/*
 * Scoping (`EVENT_SCOPE=staff=own`): a staff user's lists, counts, calendar, search and the
 * server's API asked directly with their token never name an event outside their own and their
 * groups'; an administrator's find every event.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

type Ev = { event_ID: number; user_ID?: string | null; userGroup_Key?: number | null }

let service: TestService
let t: TestStorage
let baseUrl: string
let close: () => Promise<void>
let staff: string
let admin: string
let inScope: (e: Ev) => boolean

beforeAll(async () => {
  service = await startService({ events: 400 })
  t = await openTestStorage('embedded')
  const server = await createConsoleServer(
    { ...service.config, eventScope: { staff: 'own' } },
    { storage: t.storage, mirrors: false },
  )
  await server.mirrors[0]!.firstLoad()
  const http = await listen(server, 0)
  baseUrl = http.baseUrl
  close = async () => {
    await http.close()
    await server.close()
  }
  staff = await service.tokenOf('staff')
  admin = await service.tokenOf('admin')
  const groups = readGroupsClaim(readClaims(staff)) ?? []
  inScope = (e) => e.user_ID === 'staff' || groups.includes(e.userGroup_Key ?? NaN)
})

afterAll(async () => {
  await close?.()
  await t?.close()
  await service?.close()
})

async function ask<T>(token: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/console-api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'service-database': 'demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, data: ((await response.json()) as { data: T }).data }
}

const everything = { filter: {}, now: Date.now(), limit: 1000 }

describe('scoping by role (EVENT_SCOPE)', () => {
  it('an event ID past what one can be is no event in scope, not a failure', async () => {
    for (const path of ['history/event/9999999999', 'notes/event/2147483648'])
      expect((await ask(staff, path)).status, path).toBe(400)
    expect((await ask(staff, 'presence/event/2147483648')).status).toBe(400)
    expect((await ask(staff, 'history/event/2147483647')).status).toBe(404)
  })

  it('a staff user’s list, IDs and records name only their own and their groups’ events', async () => {
    const mine = await ask<{ rows: Ev[]; total: number }>(staff, 'events/query', everything)
    const all = await ask<{ rows: Ev[]; total: number }>(admin, 'events/query', everything)
    expect(mine.status).toBe(200)
    expect(mine.data.rows.length).toBeGreaterThan(0)
    expect(mine.data.rows.every(inScope)).toBe(true)
    expect(mine.data.total).toBe(mine.data.rows.length)
    // The administrator finds more, some of it outside staff's scope.
    expect(all.data.total).toBeGreaterThan(mine.data.total)
    const outside = all.data.rows.filter((e) => !inScope(e))
    expect(outside.length).toBeGreaterThan(0)

    // A search for an event outside, by its ID: nothing.
    const search = await ask<{ rows: Ev[]; total: number }>(staff, 'events/query', {
      ...everything,
      filter: { text: String(outside[0]!.event_ID) },
      rank: 'relevance',
    })
    expect(search.data.rows.filter((e) => !inScope(e))).toEqual([])

    const ids = await ask<{ ids: number[] }>(staff, 'events/query', {
      ...everything,
      select: 'ids',
    })
    expect(new Set(ids.data.ids)).toEqual(new Set(mine.data.rows.map((e) => e.event_ID)))
    const records = await ask<Ev[]>(staff, 'events/records', {
      ids: outside.slice(0, 5).map((e) => e.event_ID),
    })
    expect(records.data).toEqual([])
  })

  it('counts, the team’s load and the calendar keep to the scope', async () => {
    const mine = await ask<{ rows: Ev[] }>(staff, 'events/query', everything)
    const facets = await ask<{ users: [string, number][] }>(staff, 'events/facets', {})
    const counted = facets.data.users.reduce((n, [, c]) => n + c, 0)
    expect(counted).toBe(mine.data.rows.filter((e) => e.user_ID).length)

    const load = await ask<{ people: [string, { open: number }][] }>(staff, 'events/workload', {
      now: Date.now(),
    })
    const open = load.data.people.reduce((n, [, l]) => n + l.open, 0)
    expect(open).toBeLessThanOrEqual(mine.data.rows.length)

    const now = new Date()
    const calendar = await ask<{ drawn: { event: Ev }[]; placed: number }>(
      staff,
      'events/calendar',
      {
        from: formatServiceDate(startOfDay(now, -40)),
        to: formatServiceDate(startOfDay(now, 40)),
        now: now.getTime(),
        perDay: 50,
      },
    )
    expect(calendar.status).toBe(200)
    expect(calendar.data.drawn.length).toBeGreaterThan(0)
    expect(calendar.data.drawn.every((d) => inScope(d.event))).toBe(true)
  })

  it('the copy’s pages, its feed and its stream name nothing outside', async () => {
    const page = await ask<Ev[]>(staff, 'mirror/events?page=1&pageSize=1000&sortBy=event_ID:asc')
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.every(inScope)).toBe(true)
    expect((await ask(staff, 'events?after=0')).status).toBe(403)
    expect((await ask(admin, 'events?after=0')).status).toBe(200)

    const stream = await openStream(`${baseUrl}/console-api/stream`, staff)
    const adminStream = await openStream(`${baseUrl}/console-api/stream`, admin)
    await stream.next((m) => m.event === 'ready')
    await adminStream.next((m) => m.event === 'ready')
    const all = await ask<{ rows: Ev[] }>(admin, 'events/query', everything)
    const outside = all.data.rows.find((e) => !inScope(e))!
    const event = (
      await service.sandbox.call('GET', `/events/${outside.event_ID}`, { token: admin })
    ).data as Record<string, unknown>
    const put = await fetch(`${baseUrl}/api/events/${outside.event_ID}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${admin}`,
        'service-database': 'demo',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...event, subject: 'Changed outside staff’s scope' }),
    })
    expect(put.status).toBe(200)
    const told = await adminStream.next((m) => m.event === 'change')
    expect((told.data as { id: string }).id).toBe(String(outside.event_ID))
    const toldStaff = await stream.next((m) => m.event === 'change')
    expect(toldStaff.data).toMatchObject({ id: '', update_Date: null })
    await stream.close()
    await adminStream.close()
  })

  it('the service’s own lists, passed through, name nothing outside and are on record', async () => {
    const through = async (token: string, path: string) => {
      const response = await fetch(`${baseUrl}/api/${path}`, {
        headers: { authorization: `Bearer ${token}`, 'service-database': 'demo' },
      })
      return { status: response.status, data: ((await response.json()) as { data: Ev[] }).data }
    }
    // The whole plan's list is not open to a scoped role; the administrator reads it.
    expect((await through(staff, 'events?page=1&pageSize=1000')).status).toBe(403)
    const plan = await through(admin, 'events?page=1&pageSize=1000')
    expect(plan.status).toBe(200)
    // Another user's events: those of staff's groups only, of which some are outside.
    const owners = [...new Set(plan.data.map((e) => e.user_ID).filter(Boolean))] as string[]
    const other = owners.find((u) => u !== 'staff')!
    const theirs = await through(admin, `users/${other}/events`)
    expect(theirs.data.some((e) => !inScope(e))).toBe(true)
    const seen = await through(staff, `users/${other}/events`)
    expect(seen.status).toBe(200)
    expect(seen.data.every(inScope)).toBe(true)
    expect(seen.data.map((e) => e.event_ID)).toEqual(
      theirs.data.filter(inScope).map((e) => e.event_ID),
    )
    // Their own: all of them.
    const own = await through(staff, 'users/staff/events')
    expect(own.data.length).toBeGreaterThan(0)
    expect(own.data.every(inScope)).toBe(true)
    const { rows } = await t.storage.query<{ user_id: string; detail: { count: number } }>(
      `SELECT user_id, detail FROM audit_log WHERE operation = 'GET /users/{userId}/events'
       ORDER BY id`,
    )
    expect(rows.at(-2)).toMatchObject({ user_id: 'staff', detail: { count: seen.data.length } })
    expect(rows.at(-1)).toMatchObject({ user_id: 'staff', detail: { count: own.data.length } })
  })

  it('is read from EVENT_SCOPE, and a bad value is refused naming the variable only', () => {
    const env = {
      SERVICE_URL: 'http://127.0.0.1:1/api',
      SERVICE_API_KEY: 'k',
      SERVICE_DATABASES: 'demo',
      SERVICE_USERNAME: 'u',
      SERVICE_PASSWORD: 'p',
    }
    expect(configFromEnv({ ...env, EVENT_SCOPE: 'staff=own, lead=all' }).eventScope).toEqual({
      staff: 'own',
      lead: 'all',
    })
    expect(configFromEnv(env).eventScope).toEqual({})
    expect(() => configFromEnv({ ...env, EVENT_SCOPE: 'staff=some' })).toThrow(ConfigError)
  })
})
