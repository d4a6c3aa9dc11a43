import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { announce, listenForChanges, type ChangeFeed } from '../changes'
import { openTestStorage, storageKinds, type TestStorage } from '../testing'
import { migrate } from './migrations'
import { startUpkeep } from './upkeep'

/*
 * The mirror's tables analysed and vacuumed once a first load is over and after enough changes,
 * so the planner knows their size (the embedded Postgres has no autovacuum to do it).
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

describe.each(storageKinds)('upkeep of the mirror’s tables (%s)', (kind) => {
  let t: TestStorage
  let feed: ChangeFeed
  beforeAll(async () => {
    t = await openTestStorage(kind)
    await migrate(t.storage, { auditRetentionDays: 2192 })
    feed = await listenForChanges(t.storage)
  })
  afterAll(async () => {
    await feed?.close()
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

  it('passes over the tables once a first load is over, then after enough changes', async () => {
    const upkeep = startUpkeep(t.storage, feed, ['demo'], { start: false, afterChanges: 3 })
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

      // Changes, as the mirror announces them: a pass once there are enough.
      await rows(500, 1501)
      await t.storage.transaction((tx) =>
        announce(
          tx,
          [1501, 1502].map((id) => ({
            database: 'demo',
            kind: 'event' as const,
            id: String(id),
            update_Date: null,
            op: 'upsert' as const,
          })),
        ),
      )
      await vi.waitFor(async () => expect(await upkeep.turn()).toBeNull())
      await t.storage.transaction((tx) =>
        announce(tx, [
          { database: 'demo', kind: 'event', id: '1503', update_Date: null, op: 'upsert' },
        ]),
      )
      await vi.waitFor(async () => expect(await upkeep.turn()).toBe('changes'))
      expect(await believed()).toBe(2000)
    } finally {
      upkeep.stop()
    }
  })
})
