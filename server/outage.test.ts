import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConsoleServer, listen } from './server'
import { eventually, openTestStorage, startService, storageKinds } from './testing'

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 })

/**
 * A real TCP hop between the server and the service that can be cut and mended: while cut, every
 * connection is refused and open ones are closed, as when the service stops.
 */
async function cuttableHop(target: number) {
  let cut = false
  const open = new Set<Socket>()
  const hop: Server = createServer((client) => {
    if (cut) return client.destroy()
    const upstream = connect(target, '127.0.0.1')
    open.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      open.delete(client)
      open.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve))
  return {
    port: (hop.address() as AddressInfo).port,
    cut() {
      cut = true
      for (const socket of open) socket.destroy()
    },
    mend() {
      cut = false
    },
    close: () => new Promise<void>((resolve) => hop.close(() => resolve())),
  }
}

describe.each(storageKinds)('when the service stops (%s)', (kind) => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of cleanup.reverse()) await close()
    cleanup.length = 0
  })

  it('reads go on from the copy, writes say why they failed, and it catches up by itself', async () => {
    const service = await startService({ events: 150 })
    cleanup.push(() => service.close())
    const servicePort = Number(new URL(service.sandbox.baseUrl).port)
    const hop = await cuttableHop(servicePort)
    cleanup.push(() => hop.close())
    const t = await openTestStorage(kind)
    cleanup.push(() => t.close())
    const server = await createConsoleServer(
      {
        ...service.config,
        serviceUrl: service.config.serviceUrl.replace(`:${servicePort}`, `:${hop.port}`),
      },
      { storage: t.storage },
    )
    cleanup.push(() => server.close())
    const http = await listen(server, 0)
    cleanup.push(() => http.close())
    const token = await service.tokenOf('staff')
    const headers = { authorization: `Bearer ${token}`, 'service-database': 'demo' }
    const health = async () =>
      (
        (await (await fetch(`${http.baseUrl}/console-api/health`, { headers })).json()) as {
          data: { databases: { database: string; phase: string; behindSince: string | null }[] }
        }
      ).data.databases.find((d) => d.database === 'demo')!
    await eventually(async () => (await health()).phase === 'ready', 30_000, 'the first load')

    hop.cut()
    const behind = await eventually(async () => (await health()).behindSince, 15_000, 'behind')
    expect(Date.parse(behind)).toBeLessThanOrEqual(Date.now())
    // Reads: the copy answers, for a user the service accepted before it stopped.
    const read = await fetch(
      `${http.baseUrl}/console-api/mirror/events?page=1&pageSize=500&sortBy=event_ID:asc`,
      { headers },
    )
    expect(read.status).toBe(200)
    expect(((await read.json()) as { data: unknown[] }).data).toHaveLength(150)
    // One record asked of the service through the server: its copy, said to be the copy.
    const one = await fetch(`${http.baseUrl}/api/events/1`, { headers })
    expect(one.status).toBe(200)
    expect(one.headers.get('x-served-from')).toBe('mirror')
    expect(Date.parse(one.headers.get('x-mirrored-at') ?? '')).toBeLessThanOrEqual(Date.now())
    expect(((await one.json()) as { data: { event_ID: number } }).data.event_ID).toBe(1)
    const { rows: audited } = await t.storage.query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE operation = 'GET /events/{eventID}' AND record_id = '1'
       ORDER BY id DESC LIMIT 1`,
    )
    expect(audited[0]?.detail).toEqual({ fromMirror: true })
    // Not for a token the service never accepted: the gate cannot vouch for it.
    const stranger = await service.tokenOf('support')
    const refused = await fetch(`${http.baseUrl}/api/events/1`, {
      headers: { ...headers, authorization: `Bearer ${stranger}` },
    })
    expect(refused.status).toBe(502)
    // Writes: refused, saying why, and not made.
    const write = await fetch(`${http.baseUrl}/api/events`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'k-outage-1' },
      body: JSON.stringify({ subject: 'Typed while the service was down', user_ID: 'staff' }),
    })
    expect(write.status).toBe(502)
    expect(((await write.json()) as { error: { detail: string } }).error.detail).toMatch(
      /service did not answer/,
    )

    // Meanwhile another client of the service writes to it directly.
    const admin = await service.tokenOf('admin')
    const made = await service.sandbox.call('POST', '/events', {
      token: admin,
      body: {
        subject: 'Made while the console server could not see',
        user_ID: 'staff',
        claim_Audit_Event: false,
        process_Automation_Event: false,
        reminder: false,
      },
    })
    expect(made.status).toBe(200)
    const id = (made.data as { event_ID: number }).event_ID

    hop.mend()
    await eventually(async () => (await health()).behindSince === null, 30_000, 'caught up')
    const { rows } = await t.storage.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mirror_events WHERE database = $1 AND event_id = $2',
      ['demo', id],
    )
    expect(rows[0]!.n).toBe(1)
  })

  it('a write the service could not even receive says that nothing was written', async () => {
    const t = await openTestStorage(kind)
    cleanup.push(() => t.close())
    // A port nobody listens on: every connection is refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const server = await createConsoleServer(
      {
        serviceUrl: `http://127.0.0.1:${port}/api`,
        serviceApiKey: 'k',
        databases: ['demo'],
        account: { username: 'console-server', password: 'x' },
        port: 0,
        host: '127.0.0.1',
        databaseUrl: undefined,
        dataDir: '',
        auditRetentionDays: 2192,
        pollSeconds: 60,
        sweepSeconds: 600,
        pageSize: 100,
      },
      { storage: t.storage, mirrors: false },
    )
    cleanup.push(() => server.close())
    const answer = await server.fetch(
      new Request('http://console.test/api/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'service-database': 'demo' },
        body: JSON.stringify({ subject: 'Typed while the service was away' }),
      }),
    )
    expect(answer.status).toBe(503)
    expect(((await answer.json()) as { error: { detail: string } }).error.detail).toBe(
      'The service cannot be reached. Nothing was written; try again once it is back.',
    )
  })
})
