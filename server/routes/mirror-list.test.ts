import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConsoleServer, listen } from '../server'
import {
  countingFetch,
  openTestStorage,
  startService,
  storageKinds,
  type TestService,
} from '../testing'

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 })

type Page = { data: { event_ID: number }[] | null; error?: { status: number; detail: string } }

describe.each(storageKinds)('the mirror answering GET /events (%s)', (kind) => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of cleanup.reverse()) await close()
    cleanup.length = 0
  })

  async function setUp({ load }: { load: boolean }) {
    const service: TestService = await startService({ events: 300 })
    cleanup.push(() => service.close())
    const t = await openTestStorage(kind)
    cleanup.push(() => t.close())
    const counting = countingFetch()
    const server = await createConsoleServer(service.config, {
      storage: t.storage,
      mirrors: false,
      fetch: counting.fetch,
    })
    cleanup.push(() => server.close())
    if (load) await server.mirrors[0]!.firstLoad()
    const http = await listen(server, 0)
    cleanup.push(() => http.close())
    const token = await service.tokenOf('staff')
    const headers = { authorization: `Bearer ${token}`, 'service-database': 'demo' }
    const mirror = async (query: string, extra: Record<string, string> = {}) => {
      const r = await fetch(`${http.baseUrl}/console-api/mirror/events?${query}`, {
        headers: { ...headers, ...extra },
      })
      return { status: r.status, json: (await r.json()) as Page }
    }
    const direct = async (query: string) =>
      (await service.sandbox.call('GET', `/events?${query}`, { token, database: 'demo' })) as Page
    return { service, storage: t.storage, mirror, direct, sent: counting.sent }
  }

  const ids = (page: Page) => (page.data ?? []).map((e) => e.event_ID)

  it('pages and orders every sort the event index asks for as the service does', async () => {
    const s = await setUp({ load: true })
    const before = s.sent.length
    for (const sortBy of [
      'event_ID:asc',
      'update_Date:desc,event_ID:asc',
      'due_Date:asc,event_ID:asc',
      'start_Date:asc,event_ID:asc',
      'next_Scheduled_Date:asc,event_ID:asc',
    ])
      for (const [page, pageSize] of [
        [1, 100],
        [2, 100],
        [3, 100],
        [4, 100],
        [7, 17],
        [1, 1],
      ] as const) {
        const query = `page=${page}&pageSize=${pageSize}&sortBy=${encodeURIComponent(sortBy)}`
        const fromMirror = await s.mirror(query)
        expect(fromMirror.status).toBe(200)
        expect(ids(fromMirror.json), query).toEqual(ids(await s.direct(query)))
      }
    // The answers came from the mirror: the service was asked only whether the token is good.
    expect(s.sent.slice(before).filter((r) => r.path.startsWith('/events'))).toEqual([])
    const { rows } = await s.storage.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE operation = 'GET /console-api/mirror/events'`,
    )
    expect(rows[0]!.n).toBe(30)
  })

  it('lets the service answer until its first load is done', async () => {
    const s = await setUp({ load: false })
    const query = 'page=2&pageSize=50&sortBy=event_ID%3Aasc'
    const fromServer = await s.mirror(query)
    expect(fromServer.status).toBe(200)
    expect(ids(fromServer.json)).toEqual(ids(await s.direct(query)))
    expect(ids(fromServer.json)).toHaveLength(50)
    expect(s.sent.some((r) => r.path === '/events')).toBe(true)
  })

  it('refuses a sort or page it does not offer, saying what it does', async () => {
    const s = await setUp({ load: true })
    for (const query of [
      'sortBy=subject%3Aasc',
      'sortBy=event_ID%3Asideways',
      'sortBy=event_ID%3Aasc%3Ax',
      'page=0',
      'pageSize=1001',
      'pageSize=-1',
      'sortBy=event_ID;DROP TABLE audit_log',
    ]) {
      const r = await s.mirror(query)
      expect(r.status, query).toBe(400)
      expect(r.json.error?.detail).toMatch(/sortBy|page/)
    }
  })

  it("answers another site's page nothing", async () => {
    const s = await setUp({ load: true })
    const r = await s.mirror('page=1', { origin: 'https://elsewhere.example' })
    expect(r.status).toBe(403)
    expect(r.json.data).toBeNull()
    expect(r.json.error?.detail).toBe('Requests from another site are refused.')
  })
})
