import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openEmbedded, type Storage } from './db/storage'
import {
  checksum,
  eventually,
  mirroredPairs,
  openTestStorage,
  serverEnv,
  startServerProcess,
  startService,
  storageKinds,
  type ServerProcess,
  type StorageKind,
  type TestService,
  type TestStorage,
} from './testing'

/*
 * The server killed with SIGKILL (no handler runs, nothing is flushed or closed) at the worst
 * moments, then started again on the same storage: the mirror ends equal to the service, and a
 * write sent again under its Idempotency-Key (what the console does after a lost answer) is made
 * once and audited once. Real processes, real HTTP, real storage.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

type Rec = Record<string, unknown>

describe.each(storageKinds)('kill -9 of the server process (%s)', (kind: StorageKind) => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of cleanup.reverse()) await close().catch(() => undefined)
    cleanup.length = 0
  })

  /** A sandbox, a storage the server processes share, and how to start one. */
  async function setUp(
    events: number,
    settings: { pageSize?: number; sweepSeconds?: number } = {},
  ) {
    const service: TestService = await startService({ events })
    cleanup.push(() => service.close())
    let dataDir: string | undefined
    let databaseUrl: string | undefined
    let postgres: TestStorage | undefined
    if (kind === 'embedded') {
      dataDir = mkdtempSync(path.join(tmpdir(), 'console-crash-'))
      cleanup.push(async () => rmSync(dataDir!, { recursive: true, force: true }))
    } else {
      // A fresh database; the test's own pool stays idle until the database is dropped.
      postgres = await openTestStorage('postgres')
      databaseUrl = postgres.url
      const t = postgres
      cleanup.push(() => t.close())
    }
    const env = serverEnv(
      { ...service.config, pageSize: 100, ...settings },
      { dataDir, databaseUrl },
    )
    const processes: ServerProcess[] = []
    cleanup.push(() => Promise.all(processes.map((p) => p.kill())))
    async function start() {
      const p = await startServerProcess(env)
      processes.push(p)
      return p
    }
    /**
     * The storage as the test reads it: Postgres at any time, an embedded folder once no server
     * holds it (it takes one process at a time).
     */
    async function openStore(): Promise<Storage> {
      if (!dataDir) return postgres!.storage
      const storage = await openEmbedded(dataDir)
      cleanup.push(() => storage.close())
      return storage
    }
    const admin = await service.tokenOf('admin')
    const support = await service.tokenOf('support')
    return { service, start, openStore, admin, support, processes }
  }

  async function health(baseUrl: string, token: string) {
    const r = await fetch(`${baseUrl}/console-api/health?database=demo`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (r.status !== 200) return null
    const json = (await r.json()) as { data: { databases: { phase: string; events: number }[] } }
    return json.data.databases[0]!
  }

  /** The mirror's (id, update_Date) pairs, read through the running server. */
  async function pairsThrough(baseUrl: string, token: string) {
    const pairs: { id: number; update: string | null }[] = []
    for (let after = 0; ;) {
      const r = await fetch(
        `${baseUrl}/console-api/events?database=demo&limit=5000&after=${after}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
      const json = (await r.json()) as {
        data: { event_ID: number; update_Date: string | null }[]
        next: { after: number } | null
      }
      pairs.push(...json.data.map((e) => ({ id: e.event_ID, update: e.update_Date })))
      if (!json.next) return pairs
      after = json.next.after
    }
  }

  it('during the first load: started again, it finishes and the mirror equals the service', async () => {
    const s = await setUp(5000)
    const first = await s.start()
    // Killed once some pages are stored and not all.
    await eventually(
      async () => {
        const h = await health(first.baseUrl, s.support)
        return h && h.events >= 300 && h.phase === 'loading'
      },
      30_000,
      'part of the first load',
      // Each look costs the server a count: looked at sparingly, not to slow the load.
      200,
    )
    await first.kill('SIGKILL')
    const held = (await health(first.baseUrl, s.support).catch(() => null)) ?? null
    expect(held).toBeNull()

    // Meanwhile the service changes: events already loaded, events not yet loaded, new ones.
    const call = s.service.sandbox.call
    for (const id of [3, 150, 4000]) {
      const event = (await call('GET', `/events/${id}`, { token: s.admin })).data as Rec
      const put = await call('PUT', `/events/${id}`, {
        token: s.admin,
        body: { ...event, subject: `Changed while down ${id}` },
      })
      expect(put.status).toBe(200)
    }
    const template = (await call('GET', '/events/7', { token: s.admin })).data as Rec
    for (let i = 0; i < 3; i++) {
      const post = await call('POST', '/events', {
        token: s.admin,
        body: { ...template, event_ID: 0, update_Date: undefined, subject: `Added ${i}` },
      })
      expect(post.status).toBe(200)
    }

    const second = await s.start()
    const expected = checksum(await s.service.serviceEvents())
    await eventually(
      async () => (await health(second.baseUrl, s.support))?.phase === 'ready',
      30_000,
      'the first load to finish',
      200,
    )
    await eventually(
      async () => checksum(await pairsThrough(second.baseUrl, s.support)).sum === expected.sum,
      15_000,
      'the mirror to equal the service',
      500,
    )
    await second.kill('SIGTERM')
    const storage = await s.openStore()
    expect(checksum(await mirroredPairs(storage))).toEqual(expected)
    expect(expected.count).toBe(5003)
    // Nothing secret reached the logs.
    for (const p of s.processes) {
      expect(p.output).not.toContain(s.service.config.serviceApiKey)
      expect(p.output).not.toContain('Sandbox!2026')
    }
  })

  it('during a sweep for deletions: each deletion found and noted once, nothing else removed', async () => {
    // Pages of 10: the sweep of 2,000 events takes 200 pages, in slices of a second with a
    // second's rest between them, so a kill as soon as it has removed one falls inside it.
    const s = await setUp(2000, { pageSize: 10, sweepSeconds: 10 })
    const first = await s.start()
    await eventually(
      async () => (await health(first.baseUrl, s.support))?.phase === 'ready',
      30_000,
      'the first load',
      200,
    )
    // Deleted on the service, which says nothing of it: only a sweep finds them. One in the
    // sweep's first pages, one in its middle, one in its last.
    const gone = [5, 1000, 1995]
    for (const id of gone) {
      const deleted = await s.service.sandbox.call('DELETE', `/events/${id}`, { token: s.admin })
      expect(deleted.status).toBe(200)
    }
    // Killed as soon as the sweep (due 10 s after the load) has removed one.
    await eventually(
      async () => {
        const h = await health(first.baseUrl, s.support)
        return h !== null && h.events < 2000
      },
      40_000,
      'a sweep under way',
      20,
    )
    await first.kill('SIGKILL')

    const second = await s.start()
    const expected = checksum(await s.service.serviceEvents())
    expect(expected.count).toBe(1997)
    await eventually(
      async () => checksum(await pairsThrough(second.baseUrl, s.support)).sum === expected.sum,
      40_000,
      'the next sweep to make the mirror equal to the service',
      500,
    )
    await second.kill('SIGTERM')
    const storage = await s.openStore()
    expect(checksum(await mirroredPairs(storage))).toEqual(expected)
    // Each deletion noted once, for readers of deletions: the one removed before the kill was
    // not noted again by the sweep after it.
    const { rows } = await storage.query<{ id: string; n: number }>(
      `SELECT id, count(*)::integer AS n FROM mirror_deletions
       WHERE database = 'demo' AND kind = 'event' GROUP BY id ORDER BY id::integer`,
    )
    expect(rows).toEqual(gone.map((id) => ({ id: String(id), n: 1 })))
  }, 120_000)

  it('during writes under an Idempotency-Key: the repeat makes each once and records it once', async () => {
    const s = await setUp(600)
    const call = s.service.sandbox.call
    /** Every event of the service (fewer than a page of 1,000). */
    const events = async () =>
      (await call('GET', '/events?page=1&pageSize=1000', { token: s.admin })).data as Rec[]
    const all = await events()
    const changed = all.slice(0, 400)
    const batch = [
      ...changed.map((e) => ({ ...e, subject: `Batch ${String(e.event_ID)}` })),
      ...Array.from({ length: 20 }, (_, i) => ({
        ...all[0],
        event_ID: 0,
        update_Date: undefined,
        subject: `Batch new ${i}`,
      })),
    ]
    const send = (baseUrl: string, method: string, apiPath: string, body: unknown, key: string) =>
      fetch(`${baseUrl}/api${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${s.admin}`,
          'service-database': 'demo',
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      })
    const a = await s.start()
    await eventually(
      async () => (await health(a.baseUrl, s.support))?.phase === 'ready',
      30_000,
      'the first load',
      200,
    )

    // The batch: killed once the service has made it, while the server reads the events back
    // to mirror and audit them (its answer, its audit and its key's answer not yet stored).
    const lost = send(a.baseUrl, 'PUT', '/events-batch', batch, 'batch-1').catch(
      (error: Error) => error,
    )
    const last = changed.at(-1)!.event_ID as number
    await eventually(
      async () =>
        ((await call('GET', `/events/${last}`, { token: s.admin })).data as Rec).subject ===
        `Batch ${last}`,
      30_000,
      'the service to make the batch',
      10,
    )
    await a.kill('SIGKILL')
    expect(await lost).toBeInstanceOf(Error)

    // Started again, the same request under the same key, as the console sends it after a lost
    // answer: answered at once, and truly (each item made, by the one write that was made).
    const b = await s.start()
    const again = await send(b.baseUrl, 'PUT', '/events-batch', batch, 'batch-1')
    expect(again.status).toBe(200)
    const results = (
      (await again.json()) as { data: { status: number; id: { value: number }[] }[] }
    ).data
    expect(results.map((r) => r.status)).toEqual([
      ...changed.map(() => 200),
      ...Array.from({ length: 20 }, () => 201),
    ])
    const created = results.slice(400).map((r) => r.id[0]!.value)
    const now = await events()
    expect(now.length).toBe(all.length + 20)
    expect(now.filter((e) => String(e.subject).startsWith('Batch new ')).length).toBe(20)
    for (const e of changed) {
      const after = now.find((n) => n.event_ID === e.event_ID)!
      expect(after.subject).toBe(`Batch ${String(e.event_ID)}`)
      // Changed once: the version stamp moved once from the one the batch was made from.
      expect(after.update_Date).not.toBe(e.update_Date)
    }
    // A third time: the server's own kept answer, the service not asked.
    const third = await send(b.baseUrl, 'PUT', '/events-batch', batch, 'batch-1')
    expect(third.headers.get('idempotent-replayed')).toBe('true')

    // A create: killed right after it was sent, wherever it was.
    const template = { ...all[1], event_ID: 0, update_Date: undefined, subject: 'Created once' }
    const lostCreate = send(b.baseUrl, 'POST', '/events', template, 'create-1').catch(
      (error: Error) => error,
    )
    await new Promise((r) => setTimeout(r, 30))
    await b.kill('SIGKILL')
    await lostCreate
    const c = await s.start()
    const create = await send(c.baseUrl, 'POST', '/events', template, 'create-1')
    expect(create.status).toBe(200)
    const made = ((await create.json()) as { data: Rec }).data
    const named = (await events()).filter((e) => e.subject === 'Created once')
    expect(named.map((e) => e.event_ID)).toEqual([made.event_ID])

    // The audit, once no server holds the storage: each write exactly once.
    await c.kill('SIGTERM')
    const storage = await s.openStore()
    const { rows } = await storage.query<{
      operation: string
      record_id: string
      status: number
      changes: Record<string, { before: unknown; after: unknown }> | null
      detail: Record<string, unknown> | null
    }>("SELECT operation, record_id, status, changes, detail FROM audit_log WHERE action = 'write'")
    const batchRows = rows.filter((r) => r.operation === 'PUT /events-batch')
    expect(batchRows.map((r) => Number(r.record_id)).sort((x, y) => x - y)).toEqual(
      [...changed.map((e) => e.event_ID as number), ...created].sort((x, y) => x - y),
    )
    for (const r of batchRows) {
      // Recorded by the repeat, with what the write changed (the "before" the first noted).
      expect(r.detail).toEqual({ madeByEarlierAttempt: true })
      const id = Number(r.record_id)
      const was = changed.find((e) => e.event_ID === id)
      expect(r.changes?.subject).toEqual({
        before: was ? was.subject : null,
        after: was ? `Batch ${id}` : expect.stringMatching(/^Batch new /),
      })
    }
    const creates = rows.filter((r) => r.operation === 'POST /events')
    expect(creates.map((r) => r.record_id)).toEqual([String(made.event_ID)])
    expect(creates[0]!.changes?.subject).toEqual({ before: null, after: 'Created once' })
    // The mirror holds what the service holds.
    expect(checksum(await mirroredPairs(storage))).toEqual(
      checksum(await s.service.serviceEvents()),
    )
  })
})
