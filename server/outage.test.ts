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
})
