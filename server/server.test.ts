import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConsoleServer, listen } from './server'
import {
  countingFetch,
  openTestStorage,
  startService,
  storageKinds,
  type TestService,
  type TestStorage,
} from './testing'

// PGlite takes seconds to start on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

type Json = {
  data: unknown
  error?: { status: number; detail: string }
  next?: { after: number; since?: string } | null
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
})
