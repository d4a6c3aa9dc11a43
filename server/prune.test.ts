import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate } from './db/migrations'
import { pruneTeamTables } from './prune'
import { openTestStorage, storageKinds, type TestStorage } from './testing'

/*
 * The team's tables pruned: stale presence, the tabs of instances gone, sessions ended long ago;
 * what is current (a live instance's tab, a session ended yesterday, one open) stays.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

describe.each(storageKinds)('pruning the team’s tables (%s)', (kind) => {
  let t: TestStorage
  beforeAll(async () => {
    t = await openTestStorage(kind)
    await migrate(t.storage, { auditRetentionDays: 2192 })
  })
  afterAll(() => t?.close())

  it('removes only what is no longer needed', async () => {
    const { storage } = t
    const leave = await storage.holdPresence('alive-instance')
    try {
      await storage.exec(`
        INSERT INTO presence (tab_id, token_hash, database, record_type, record_id, user_id, seen_at)
        VALUES ('tab-old-00', 'h1', 'demo', 'event', '1', 'staff', now() - interval '2 hours'),
               ('tab-new-00', 'h2', 'demo', 'event', '2', 'staff', now());
        INSERT INTO presence_tabs (tab_id, token_hash, instance_id, stream_id)
        VALUES ('tab-old-00', 'h1', 'gone-instance', 's1'),
               ('tab-new-00', 'h2', 'alive-instance', 's2');
        INSERT INTO console_session_tabs (instance_id, token_hash, tabs)
        VALUES ('gone-instance', 'h1', 1), ('alive-instance', 'h2', 1);
        INSERT INTO console_sessions (token_hash, database, user_id, last_seen, expires_at, ended_at)
        VALUES ('ended-long-ago', 'demo', 'staff', now() - interval '40 days', NULL, now() - interval '40 days'),
               ('ended-yesterday', 'demo', 'staff', now() - interval '1 day', NULL, now() - interval '1 day'),
               ('expired-long-ago', 'demo', 'staff', now() - interval '40 days', now() - interval '39 days', NULL),
               ('open-now', 'demo', 'staff', now(), now() + interval '1 hour', NULL);
      `)
      expect(await pruneTeamTables(storage)).toEqual({
        presence: 1,
        tabs: 1,
        streams: 1,
        sessions: 2,
      })
      const left = async (sql: string) =>
        (await storage.query<{ k: string }>(sql)).rows.map((r) => r.k).sort()
      expect(await left('SELECT tab_id AS k FROM presence')).toEqual(['tab-new-00'])
      expect(await left('SELECT tab_id AS k FROM presence_tabs')).toEqual(['tab-new-00'])
      expect(await left('SELECT instance_id AS k FROM console_session_tabs')).toEqual([
        'alive-instance',
      ])
      expect(await left('SELECT token_hash AS k FROM console_sessions')).toEqual([
        'ended-yesterday',
        'open-now',
      ])
      // Again: nothing more to do.
      expect(await pruneTeamTables(storage)).toEqual({
        presence: 0,
        tabs: 0,
        streams: 0,
        sessions: 0,
      })
    } finally {
      await leave()
    }
  })
})
