import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createConsoleServer } from '../server'
import { openTestStorage, startService, storageKinds, type TestStorage } from '../testing'
import { migrate } from './migrations'
import { startUpkeep } from './upkeep'

/*
 * The mirror's tables analysed and vacuumed once a first load is over, so the planner knows their
 * size at once; after that, Postgres's autovacuum sees to them.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

describe.each(storageKinds)('upkeep of the mirror’s tables (%s)', (kind) => {
  let t: TestStorage
  beforeAll(async () => {
    t = await openTestStorage(kind)
    await migrate(t.storage, { auditRetentionDays: 2192 })
  })
  afterAll(async () => {
    await t?.close()
  })

  const rows = (n: number, from: number) =>
    t.storage.query(
      `INSERT INTO mirror_events (database, event_id, record)
       SELECT 'demo', i, jsonb_build_object('event_ID', i) FROM generate_series($1::int, $2::int) i`,
      [from, from + n - 1],
    )
  /** What the planner believes the table holds. */
  const believed = async () =>
    Number(
      (
        await t.storage.query<{ n: number }>(
          `SELECT reltuples AS n FROM pg_class WHERE oid = 'mirror_events'::regclass`,
        )
      ).rows[0]!.n,
    )

  it('passes over the tables once a first load is over, and not again', async () => {
    const upkeep = startUpkeep(t.storage, ['demo'], { start: false })
    try {
      await rows(1500, 1)
      // Still loading: nothing yet.
      await t.storage.query(
        `INSERT INTO mirror_state (database, page_size, phase) VALUES ('demo', 500, 'loading')`,
      )
      expect(await upkeep.turn()).toBeNull()
      await t.storage.query(`UPDATE mirror_state SET phase = 'ready' WHERE database = 'demo'`)
      expect(await upkeep.turn()).toBe('first-load')
      expect(await believed()).toBe(1500)
      expect(await upkeep.turn()).toBeNull()

      // Changes, as the mirror announces them, call for no pass of its own: autovacuum sees
      // to them.
      await rows(500, 1501)
      expect(await upkeep.turn()).toBeNull()
    } finally {
      await upkeep.stop()
    }
  })
})

describe('upkeep at a start', () => {
  it('passes over a loaded database whose tables were never analysed, once', async () => {
    const t = await openTestStorage('embedded')
    try {
      await migrate(t.storage, { auditRetentionDays: 2192 })
      await t.storage.query(
        `INSERT INTO mirror_state (database, page_size, phase) VALUES ('demo', 500, 'ready')`,
      )
      const first = startUpkeep(t.storage, ['demo'], { start: false })
      expect(await first.turn()).toBe('first-load')
      expect(await first.turn()).toBeNull()
      await first.stop()
      // The next start finds the tables analysed: nothing to do.
      const second = startUpkeep(t.storage, ['demo'], { start: false })
      expect(await second.turn()).toBeNull()
      await second.stop()
    } finally {
      await t.close()
    }
  })
})

describe('upkeep of a running server', () => {
  it('analyses the tables as soon as the first load is over, not at its next look', async () => {
    const service = await startService({ events: 300 })
    const t = await openTestStorage('embedded')
    // Its own looks come every minute: within the test's seconds only the load's end can tell it.
    const server = await createConsoleServer(service.config, { storage: t.storage })
    try {
      const believed = async () =>
        Number(
          (
            await t.storage.query<{ n: number }>(
              `SELECT reltuples AS n FROM pg_class WHERE oid = 'mirror_events'::regclass`,
            )
          ).rows[0]!.n,
        )
      // 300 events in each of the service's databases, the planner told of every one.
      const held = server.mirrors.length * 300
      await vi.waitFor(async () => expect(await believed()).toBe(held), {
        timeout: 30_000,
        interval: 200,
      })
    } finally {
      await server.close()
      await t.close()
      await service.close()
    }
  })
})
