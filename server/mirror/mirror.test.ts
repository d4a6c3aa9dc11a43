import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { migrate } from '../db/migrations'
import { listenForChanges } from '../changes'
import { createAccount } from '../service/account'
import { createReader } from '../service/reader'
import {
  checksum,
  eventually,
  mirroredPairs,
  openTestStorage,
  startService,
  storageKinds,
  type TestService,
  type TestStorage,
} from '../testing'
import { Mirror } from './mirror'
import type { Change } from './store'

// A server takes seconds to start on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

describe.each(storageKinds)('the mirror (%s)', (kind) => {
  let t: TestStorage
  let service: TestService
  afterEach(async () => {
    await t?.close()
    await service?.close()
  })

  async function setUp(events = 450) {
    service = await startService({ events })
    t = await openTestStorage(kind)
    await migrate(t.storage, { auditRetentionDays: 2192 })
    const reader = createReader(service.config, createAccount(service.config))
    const mirror = (instanceId?: string) =>
      new Mirror({
        storage: t.storage,
        reader,
        database: 'demo',
        pageSize: 100,
        pollMs: 50,
        sweepMs: 60_000,
        instanceId,
      })
    return { reader, mirror }
  }

  it('loads every event, and a restart mid-load goes on where it stopped', async () => {
    const { mirror } = await setUp(450)
    const first = mirror('a')
    expect(await first.firstLoad({ maxPages: 2 })).toBe(false)
    expect((await first.state()).next_page).toBe(3)
    expect((await mirroredPairs(t.storage)).length).toBe(200)

    // Meanwhile the service changes: one event edited, one created.
    const token = await service.tokenOf('admin')
    const [one] = (await service.sandbox.call('GET', '/events?page=1&pageSize=1', { token }))
      .data as { event_ID: number; update_Date: string }[]
    const read = await service.sandbox.call('GET', `/events/${one!.event_ID}`, { token })
    const edited = await service.sandbox.call('PUT', `/events/${one!.event_ID}`, {
      token,
      body: { ...(read.data as object), subject: 'Edited during the load' },
    })
    expect(edited.status).toBe(200)
    const created = await service.sandbox.call('POST', '/events', {
      token,
      body: { ...(read.data as object), event_ID: 0, update_Date: undefined, subject: 'New' },
    })
    expect(created.status).toBe(200)

    // A new loader (as after a restart) reads on from page 3, then the look for changes.
    const second = mirror('b')
    expect(await second.firstLoad()).toBe(true)
    await second.pollChanges()
    const service_ = checksum(await service.serviceEvents())
    expect(checksum(await mirroredPairs(t.storage))).toEqual(service_)
    expect(service_.count).toBe(451)
  })

  it('follows changes, announces them, and sweeps deleted events', async () => {
    const { mirror } = await setUp(120)
    const m = mirror()
    await m.firstLoad()
    const feed = await listenForChanges(t.storage)
    const heard: Change[] = []
    feed.subscribe((c) => heard.push(c))

    const token = await service.tokenOf('admin')
    const read = await service.sandbox.call('GET', '/events/5', { token })
    const edited = await service.sandbox.call('PUT', '/events/5', {
      token,
      body: { ...(read.data as object), subject: 'Changed' },
    })
    const changes = await m.pollChanges()
    expect(changes.map((c) => c.id)).toContain('5')
    const update = (edited.data as { update_Date: string }).update_Date
    await eventually(() => heard.some((c) => c.id === '5' && c.update_Date === update))
    // A second look finds nothing new (events at the watermark are read, not stored again).
    expect(await m.pollChanges()).toEqual([])

    expect((await service.sandbox.call('DELETE', '/events/7', { token })).status).toBe(200)
    const swept = await m.sweep()
    expect(swept).toEqual([
      { database: 'demo', kind: 'event', id: '7', update_Date: null, op: 'delete' },
    ])
    await eventually(() => heard.some((c) => c.id === '7' && c.op === 'delete'))
    expect(checksum(await mirroredPairs(t.storage))).toEqual(
      checksum(await service.serviceEvents()),
    )
    await feed.close()
  })

  it('sweeps a slice at a time between looks, and a deletion between slices skips nothing', async () => {
    const { reader } = await setUp(450)
    const asked: number[] = []
    const counting = {
      ...reader,
      event: (database: string, id: number) => {
        asked.push(id)
        return reader.event(database, id)
      },
    }
    const m = new Mirror({
      storage: t.storage,
      reader: counting,
      database: 'demo',
      pageSize: 100,
      pollMs: 50,
      sweepMs: 60_000,
    })
    await m.firstLoad()
    const ids = (await service.serviceEvents()).map((e) => e.id).sort((a, b) => a - b)
    const token = await service.tokenOf('admin')

    // The first slice reads page 1 only (no time left), and the sweep is not done.
    expect(await m.sweepSlice(0)).toBe(false)
    // Then an event of page 1 is deleted (page 2 now begins one later: its first event is read
    // by no page of this sweep), one of page 4 too, and another is edited.
    for (const id of [ids[10]!, ids[320]!])
      expect((await service.sandbox.call('DELETE', `/events/${id}`, { token })).status).toBe(200)
    const read = await service.sandbox.call('GET', `/events/${ids[200]}`, { token })
    await service.sandbox.call('PUT', `/events/${ids[200]}`, {
      token,
      body: { ...(read.data as object), subject: 'Edited while sweeping' },
    })
    // A look for changes between two slices finds the edit.
    expect((await m.pollChanges()).map((c) => c.id)).toEqual([String(ids[200])])

    const removed: Change[] = []
    // Pages 2 to 5, a slice each; the fifth (49 events) is the last.
    let slices = 1
    while (!(await m.sweepSlice(0, removed))) slices++
    expect(slices).toBe(4)
    // The event skipped by the shift was asked for on its own and kept; the deletion in a page
    // not yet read is found; the one in a page already read waits for the next sweep.
    expect(asked).toEqual([ids[100], ids[320]])
    expect(removed).toEqual([
      { database: 'demo', kind: 'event', id: String(ids[320]), update_Date: null, op: 'delete' },
    ])
    const mirrored = new Set((await mirroredPairs(t.storage)).map((p) => p.id))
    expect(mirrored.has(ids[100]!)).toBe(true)
    expect(mirrored.has(ids[10]!)).toBe(true)

    expect((await m.sweep()).map((c) => c.id)).toEqual([String(ids[10])])
    expect(checksum(await mirroredPairs(t.storage))).toEqual(
      checksum(await service.serviceEvents()),
    )
  })

  it('signs in again when the service ends the account session', async () => {
    const { mirror } = await setUp(50)
    const m = mirror()
    await m.firstLoad()
    const admin = await service.tokenOf('admin')
    expect((await service.sandbox.call('POST', '/kick/support', { token: admin })).status).toBe(200)
    await expect(m.pollChanges()).resolves.toEqual([])
  })

  it('lets one instance read a database at a time, and reads with a token file', async () => {
    const { mirror } = await setUp(30)
    // Each as a running server is: alive while it holds its presence lock.
    const presences = [await t.storage.holdPresence('a'), await t.storage.holdPresence('b')]
    const a = mirror('a')
    const b = mirror('b')
    await a.step()
    expect((await mirroredPairs(t.storage)).length).toBe(30)
    const token = await service.tokenOf('admin')
    await service.sandbox.call('DELETE', '/events/3', { token })
    const created = await service.sandbox.call('POST', '/events', {
      token,
      body: {
        event_ID: 0,
        claim_Audit_Event: false,
        process_Automation_Event: false,
        reminder: false,
        subject: 'B',
      },
    })
    expect(created.status).toBe(200)
    // While a holds the lease, b reads nothing.
    await b.step()
    expect((await mirroredPairs(t.storage)).length).toBe(30)
    await a.stop()
    await b.step()
    expect((await mirroredPairs(t.storage)).length).toBe(31)
    // An instance that died (its presence gone) holds its lease no longer, however long it ran.
    await b.step()
    await presences[1]!()
    await a.step()
    expect((await a.state()).phase).toBe('ready')
    const { rows } = await t.storage.query<{ leader: string }>(
      "SELECT leader FROM mirror_state WHERE database = 'demo'",
    )
    expect(rows).toEqual([{ leader: 'a' }])
    await presences[0]!()

    // The same reads with a token handed over in a file instead of a password.
    const dir = mkdtempSync(path.join(tmpdir(), 'token-file-'))
    const file = path.join(dir, 'token')
    writeFileSync(file, JSON.stringify({ demo: await service.tokenOf('staff') }), { mode: 0o600 })
    const config = { ...service.config, account: { tokenFile: file } }
    const reader = createReader(config, createAccount(config))
    expect((await reader.eventPage('demo', 1, 5, 'event_ID:asc')).events.length).toBe(5)
    await expect(reader.eventPage('training', 1, 5, 'event_ID:asc')).rejects.toThrow(
      'no token for "training"',
    )
    rmSync(dir, { recursive: true, force: true })
  })

  it("looks for changes as often while it sweeps, however slow the sweep's pages", async () => {
    const { reader, mirror } = await setUp(300)
    await mirror().firstLoad()
    const looks: number[] = []
    const slow = {
      ...reader,
      async eventPage(database: string, page: number, pageSize: number, sortBy: string) {
        if (sortBy.startsWith('update_Date')) looks.push(Date.now())
        // A service slow to answer pages by ID: a sweep of 30 pages takes 6 s at least.
        else await new Promise((r) => setTimeout(r, 200))
        return reader.eventPage(database, page, pageSize, sortBy)
      },
    }
    const pollMs = 400
    const m = new Mirror({
      storage: t.storage,
      reader: slow,
      database: 'demo',
      pageSize: 10,
      pollMs,
      sweepMs: 1,
    })
    m.start()
    await new Promise((r) => setTimeout(r, 3_000))
    await m.stop()
    // The sweep was under way the whole time, and no look waited for more than one slow page
    // past its time (a second's slice and a rest between two looks would be 1.6 s apart).
    expect(m.sweeping).toBe(true)
    const gaps = looks.slice(1).map((at, i) => at - looks[i]!)
    expect(gaps.length).toBeGreaterThanOrEqual(5)
    expect(Math.max(...gaps)).toBeLessThan(pollMs + 400)
  })

  it('backs off from a failing service and says since when it is behind', async () => {
    await setUp(10)
    let asked = 0
    const failing: Server = createServer((_req, res) => {
      asked++
      res.writeHead(503).end('down')
    })
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r))
    const port = (failing.address() as AddressInfo).port
    const config = { ...service.config, serviceUrl: `http://127.0.0.1:${port}/api` }
    const m = new Mirror({
      storage: t.storage,
      reader: createReader(config, createAccount(config)),
      database: 'demo',
      pageSize: 100,
      pollMs: 40,
      sweepMs: 60_000,
    })
    m.start()
    await new Promise((r) => setTimeout(r, 1500))
    await m.stop()
    failing.close()
    // Without backoff a 40 ms loop would have asked about 37 times in 1.5 s.
    expect(asked).toBeGreaterThanOrEqual(2)
    expect(asked).toBeLessThanOrEqual(7)
    const { rows } = await t.storage.query<{ behind: boolean; failures: number; err: string }>(
      `SELECT behind_since IS NOT NULL AS behind, failures, last_error AS err
       FROM mirror_state WHERE database = 'demo'`,
    )
    expect(rows[0]).toMatchObject({ behind: true })
    expect(Number(rows[0]!.failures)).toBe(asked)
    expect(rows[0]!.err).toContain('503')
  })
})
