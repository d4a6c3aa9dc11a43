import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStream, startTestServer, type TestServer, type TestService } from '../testing'

/*
 * Presence: a tab on a record is seen by others while its stream is open, editing or not, and is
 * gone the moment its stream ends or its session is ended; nothing of it reaches the service.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string

beforeAll(async () => {
  running = await startTestServer({ events: 20, load: true })
  ;({ service, baseUrl } = running)
})

afterAll(() => running?.close())

type Other = { userId: string; userName: string; editing: boolean; editingSince: string | null }

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/console-api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? (JSON.parse(text) as { data: never }) : null }
}

const others = async (token: string, record: string, tab = 'tab-of-support') =>
  ((await call(token, 'GET', `presence/${record}?tab=${tab}`)).json!.data as { others: Other[] })
    .others

describe('presence', () => {
  it('shows who has a record open and who edits it, until their tab’s stream ends', async () => {
    const staff = (await service.sandbox.signIn('staff', 'Sandbox!2026', 'demo')).idToken
    const support = await service.tokenOf('support')
    const stream = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-staff-1`, staff)
    await stream.next((m) => m.event === 'ready')

    const here = { tab: 'tab-of-staff-1', kind: 'event', id: '5', editing: false }
    expect((await call(staff, 'PUT', 'presence', here)).status).toBe(204)
    expect(await others(support, 'event/5')).toEqual([
      expect.objectContaining({ userId: 'staff', userName: 'Sam Staff', editing: false }),
    ])
    // Not themselves.
    expect(await others(staff, 'event/5', 'tab-of-staff-1')).toEqual([])

    // A list's rows: which of them others have open (never the caller themselves).
    const open = async (token: string, ids: string[]) =>
      (
        (await call(token, 'POST', 'presence/open', { kind: 'event', ids })).json!.data as {
          open: Record<string, { userId: string; editing: boolean }[]>
        }
      ).open
    expect(await open(support, ['4', '5', '6'])).toEqual({
      '5': [{ userId: 'staff', userName: 'Sam Staff', editing: false }],
    })
    expect(await open(staff, ['5'])).toEqual({})
    expect((await call(support, 'POST', 'presence/open', { kind: 'event', ids: 5 })).status).toBe(
      400,
    )

    await call(staff, 'PUT', 'presence', { ...here, editing: true })
    const [editing] = await others(support, 'event/5')
    expect(editing).toMatchObject({ editing: true })
    expect(Date.parse(editing!.editingSince!)).toBeGreaterThan(Date.now() - 60_000)

    // Moved to another record: gone from the first.
    await call(staff, 'PUT', 'presence', { ...here, id: '6' })
    expect(await others(support, 'event/5')).toEqual([])
    expect(await others(support, 'event/6')).toHaveLength(1)

    // Another session naming that tab removes nothing.
    expect((await call(support, 'DELETE', 'presence/tab-of-staff-1')).status).toBe(204)
    expect(await others(support, 'event/6')).toHaveLength(1)

    // The tab closes (its stream ends): gone at once.
    await stream.close()
    await expect
      .poll(async () => (await others(support, 'event/6')).length, { timeout: 3_000 })
      .toBe(0)
    // A tab without a stream open is not shown, whatever it says; once its stream opens (a page
    // loading says both at once), it is, and the record's viewers are told.
    await call(staff, 'PUT', 'presence', here)
    expect(await others(support, 'event/5')).toEqual([])
    const watching = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-support`, support)
    await watching.next((m) => m.event === 'ready')
    const reopened = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-staff-1`, staff)
    await watching.next(
      (m) => m.event === 'change' && (m.data as { id: string }).id === 'event:5',
      2_000,
    )
    expect(await others(support, 'event/5')).toHaveLength(1)
    await reopened.close()
    await watching.close()
  })

  it('a tab that reconnects keeps its place when the old stream’s end is noticed late', async () => {
    const staff = (await service.sandbox.signIn('staff', 'Sandbox!2026', 'demo')).idToken
    const support = await service.tokenOf('support')
    const first = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-staff-3`, staff)
    await first.next((m) => m.event === 'ready')
    await call(staff, 'PUT', 'presence', {
      tab: 'tab-of-staff-3',
      kind: 'event',
      id: '9',
      editing: false,
    })
    const second = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-staff-3`, staff)
    await second.next((m) => m.event === 'ready')
    await first.close()
    await new Promise((r) => setTimeout(r, 300))
    expect(await others(support, 'event/9')).toHaveLength(1)
    await second.close()
    await expect.poll(async () => (await others(support, 'event/9')).length).toBe(0)
  })

  it('ends with the session: a kick removes every tab of the user', async () => {
    const staff = (await service.sandbox.signIn('staff', 'Sandbox!2026', 'demo')).idToken
    const admin = await service.tokenOf('admin')
    const support = await service.tokenOf('support')
    const stream = await openStream(`${baseUrl}/console-api/stream?tab=tab-of-staff-2`, staff)
    await stream.next((m) => m.event === 'ready')
    await call(staff, 'PUT', 'presence', {
      tab: 'tab-of-staff-2',
      kind: 'auth',
      id: 'A-1',
      editing: false,
    })
    expect(await others(support, 'auth/A-1')).toHaveLength(1)
    const kicked = await fetch(`${baseUrl}/api/kick/staff`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'service-database': 'demo' },
    })
    expect(kicked.status).toBe(200)
    expect(await others(support, 'auth/A-1')).toEqual([])
    await stream.close()
  })

  it('refuses what it cannot read', async () => {
    const staff = await service.tokenOf('staff')
    for (const body of [
      { tab: 'x', kind: 'event', id: '5', editing: false },
      { tab: 'tab-ok-123', kind: 'claim', id: '5', editing: false },
      { tab: 'tab-ok-123', kind: 'event', id: 'abc', editing: false },
      { tab: 'tab-ok-123', kind: 'event', id: '5' },
      { tab: 'tab-ok-123', kind: 'event', id: '5', editing: false, extra: 1 },
    ])
      expect((await call(staff, 'PUT', 'presence', body)).status).toBe(400)
    expect((await call(staff, 'GET', 'presence/claim/5')).status).toBe(400)
    expect((await call(staff, 'DELETE', 'presence/not a tab')).status).toBe(400)
  })
})
