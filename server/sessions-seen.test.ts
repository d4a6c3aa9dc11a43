import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SeenSession } from './sessions-seen'
import {
  eventually,
  openStream,
  type TestService,
  startTestServer,
  type TestServer,
} from './testing'

/*
 * Sessions seen through the server: who is signed in, with open tabs (streams), gone once signed
 * out or kicked; the list is the administrators' alone.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string

beforeAll(async () => {
  running = await startTestServer({ events: 20 })
  ;({ service, baseUrl } = running)
})

afterAll(() => running?.close())

async function call(token: string, method: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'service-database': 'demo' },
  })
  return { status: response.status, json: (await response.json()) as { data: unknown } }
}

const sessions = async (admin: string) => {
  const r = await call(admin, 'GET', '/console-api/sessions')
  expect(r.status).toBe(200)
  return (r.json.data as { sessions: SeenSession[] }).sessions
}

describe('sessions seen through the server', () => {
  it('lists who is signed in with their open tabs, and not once kicked; admins only', async () => {
    const admin = await service.tokenOf('admin')
    const staff = (await service.sandbox.signIn('staff', 'Sandbox!2026', 'demo')).idToken
    expect((await call(staff, 'GET', '/console-api/session')).status).toBe(200)
    const tab1 = await openStream(`${baseUrl}/console-api/stream`, staff)
    const tab2 = await openStream(`${baseUrl}/console-api/stream`, staff)
    await tab1.next((m) => m.event === 'ready')
    await tab2.next((m) => m.event === 'ready')

    const seen = await eventually(async () => {
      const found = (await sessions(admin)).find((s) => s.userId === 'staff')
      return found?.openTabs === 2 ? found : undefined
    }, 5_000)
    expect(seen).toMatchObject({ userName: 'Sam Staff', database: 'demo' })
    expect(Date.parse(seen.signedInAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(Date.parse(seen.expiresAt!)).toBeGreaterThan(Date.now())

    // A second token of the same user (a renewal, a second browser) is the same person.
    const again = (await service.sandbox.signIn('staff', 'Sandbox!2026', 'demo')).idToken
    expect((await call(again, 'GET', '/console-api/session')).status).toBe(200)
    await eventually(async () => {
      const rows = (await sessions(admin)).filter((s) => s.userId === 'staff')
      return rows.length === 1 && rows[0]!.openTabs === 2
    }, 5_000)

    await tab2.close()
    await eventually(
      async () => (await sessions(admin)).find((s) => s.userId === 'staff')?.openTabs === 1,
      5_000,
    )
    expect((await call(staff, 'GET', '/console-api/sessions')).status).toBe(403)
    // Another database's administrator sees that database's sessions only.
    const trainingAdmin = await service.tokenOf('admin', 'training')
    const other = await fetch(`${baseUrl}/console-api/sessions`, {
      headers: { authorization: `Bearer ${trainingAdmin}`, 'service-database': 'training' },
    })
    const listed = ((await other.json()) as { data: { sessions: SeenSession[] } }).data.sessions
    expect(listed.every((s) => s.database === 'training')).toBe(true)
    expect(listed.some((s) => s.userId === 'staff')).toBe(false)

    expect((await call(admin, 'POST', '/api/kick/staff')).status).toBe(200)
    expect((await sessions(admin)).some((s) => s.userId === 'staff')).toBe(false)
    await tab1.close()
  })

  it('a session signed out through the console leaves the list', async () => {
    const admin = await service.tokenOf('admin')
    const support = (await service.sandbox.signIn('support', 'Sandbox!2026', 'demo')).idToken
    await call(support, 'GET', '/console-api/session')
    await eventually(async () => (await sessions(admin)).some((s) => s.userId === 'support'), 5_000)
    expect((await call(support, 'POST', '/api/logout')).status).toBe(200)
    expect((await sessions(admin)).some((s) => s.userId === 'support')).toBe(false)
  })
})
