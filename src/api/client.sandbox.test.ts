// The client against the real sandbox service through its fetch (no network, no mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, noDataSchema, type Connection } from './client'
import { deleteAuth, getAuth, readAuth } from './auths'
import { ApiError, ResponseShapeError } from './errors'
import { getEvent, listEvents, listUserEvents, snoozeEvent, updateEvent } from './events'
import { getLookup } from './lookups'
import {
  SANDBOX_BASE as base,
  startInProcessSandbox,
  type InProcessSandbox,
} from '@/test/sandbox-client'
import { logout, signIn } from './session'

let service: InProcessSandbox
const sandboxFetch: typeof fetch = (input, init) => service.fetch(input, init)
let connection: Connection
let adminConnection: Connection

beforeAll(async () => {
  service = startInProcessSandbox('client-sandbox', { events: 120 })
  connection = await service.connectionFor('staff')
  adminConnection = await service.connectionFor('admin')
})

afterAll(() => service.close())

const client = () => createApiClient(() => connection, { fetch: sandboxFetch })

describe('client against the sandbox', () => {
  it('lists a sorted page of events parsed by the contract', async () => {
    const { records: page, unreadable } = await listEvents(client(), {
      page: 1,
      pageSize: 10,
      sortBy: 'event_ID:desc',
    })
    expect(page).toHaveLength(10)
    expect(unreadable).toEqual([])
    const ids = page.map((e) => e.event_ID)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('sends the database of the request: each database has its own rows', async () => {
    const { records: demo } = await listEvents(client(), { pageSize: 5, sortBy: 'event_ID' })
    // A token is bound to its database: the demo one is refused on training.
    await expect(
      listEvents(client(), { pageSize: 5 }, { database: 'training' }),
    ).rejects.toMatchObject({ status: 401 })
    const trainingConnection = await service.connectionFor('staff', 'training')
    const { records: training } = await listEvents(
      createApiClient(() => trainingConnection, { fetch: sandboxFetch }),
      { pageSize: 5, sortBy: 'event_ID' },
      { database: 'training' },
    )
    expect(demo.map((e) => e.subject)).not.toEqual(training.map((e) => e.subject))
  })

  it('round-trips an edit and snoozes with the default duration', async () => {
    const api = client()
    const [first] = (await listEvents(api, { pageSize: 1 })).records
    if (!first) throw new Error('no events')
    const updated = await updateEvent(api, { ...first, subject: 'Renamed by the client test' })
    expect(updated.subject).toBe('Renamed by the client test')
    expect((await getEvent(api, first.event_ID)).subject).toBe('Renamed by the client test')
    const before = Date.now()
    const snoozed = await snoozeEvent(api, first.event_ID)
    const next = new Date(snoozed.next_Scheduled_Date ?? '').getTime()
    expect(next - before).toBeGreaterThan(14 * 60_000)
    expect(next - before).toBeLessThan(16 * 60_000)
  })

  it('turns a missing event into an ApiError with the activity ID', async () => {
    const error = await getEvent(client(), 99_999_999).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
    expect((error as ApiError).activityId).toMatch(/[0-9a-f-]{36}/)
  })

  it("gives a success's activity ID to the operations that ask for it", async () => {
    const api = client()
    const a = await api.requestWithActivity({
      name: 'getPriorities',
      method: 'GET',
      path: '/priorities',
      schema: noDataSchema,
    })
    const b = await api.requestWithActivity({
      name: 'getPriorities',
      method: 'GET',
      path: '/priorities',
      schema: noDataSchema,
    })
    expect(a.activityId).toMatch(/^[0-9a-f-]{36}$/)
    expect(b.activityId).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.activityId).not.toBe(b.activityId)
  })

  it('reads the connection on every request: after logout the same client gets 401', async () => {
    const result = await signIn(
      { ...base, username: 'support', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    let token = result.authenticationResult?.idToken ?? ''
    const api = createApiClient(() => ({ ...base, token }), { fetch: sandboxFetch })
    expect((await getLookup(api, 'priorities')).length).toBeGreaterThan(0)
    await logout(api)
    const error = await getLookup(api, 'priorities').catch((e: unknown) => e)
    expect((error as ApiError).status).toBe(401)
    token = connection.token
    expect((await getLookup(api, 'priorities')).length).toBeGreaterThan(0)
  })

  it('reads a user’s events one by one: one the contract rejects is named, not fatal', async () => {
    const api = client()
    const mine = (await listUserEvents(api, 'staff')).records
    const victim = mine[0]!
    service.storeRaw('events', victim.event_ID, { completion_Percent: 'about half' })
    const list = await listUserEvents(api, 'staff')
    expect(list.records.map((e) => e.event_ID)).toEqual(mine.slice(1).map((e) => e.event_ID))
    expect(list.unreadable).toEqual([{ id: victim.event_ID, fields: ['completion_Percent'] }])
    service.storeRaw('events', victim.event_ID, { completion_Percent: null })
  })

  it('reads a long list in slices when asked to pause: the same answer as in one go', async () => {
    const whole = client()
    let pauses = 0
    const sliced = createApiClient(() => connection, {
      fetch: sandboxFetch,
      pause: async () => {
        pauses++
        await new Promise((resolve) => setTimeout(resolve, 0))
      },
    })
    const victim = (await listUserEvents(whole, 'staff')).records[1]!
    service.storeRaw('events', victim.event_ID, { completion_Percent: 'about half' })
    try {
      const inOneGo = await listUserEvents(whole, 'staff')
      const inSlices = await listUserEvents(sliced, 'staff')
      expect(inSlices).toEqual(inOneGo)
      expect(inSlices.unreadable).toEqual([{ id: victim.event_ID, fields: ['completion_Percent'] }])
      expect(pauses).toBe(0) // a short list is read in one slice
    } finally {
      service.storeRaw('events', victim.event_ID, {
        completion_Percent: victim.completion_Percent ?? null,
      })
    }
  })

  it('reads an auth the contract rejects as far as it goes, and it can still be deleted', async () => {
    const api = createApiClient(() => adminConnection, { fetch: sandboxFetch })
    const year = new Date().getFullYear() % 100
    let authNumber = ''
    for (const y of [year, year - 1]) {
      const n = `${String(y).padStart(2, '0')}-000002`
      if (
        !authNumber &&
        (await getAuth(api, n).then(
          () => true,
          () => false,
        ))
      )
        authNumber = n
    }
    expect(authNumber).not.toBe('')
    service.storeRaw('auths', authNumber, {
      approved_From: 'when the member calls',
      units_Approved: 'ten',
    })
    const strict = await getAuth(api, authNumber).catch((e: unknown) => e)
    expect(strict).toBeInstanceOf(ResponseShapeError)
    expect((strict as Error).message).not.toContain('member calls')
    const read = await readAuth(api, authNumber)
    expect(read.complete).toBe(false)
    expect(read.unreadable).toEqual(['approved_From', 'units_Approved'])
    expect(read.record.auth_Number).toBe(authNumber)
    expect(read.record).not.toHaveProperty('approved_From')
    expect(JSON.stringify(read.unreadable)).not.toContain('member calls')
    await deleteAuth(api, authNumber)
    expect(await getAuth(api, authNumber).catch((e: unknown) => (e as ApiError).status)).toBe(404)
  })
})
