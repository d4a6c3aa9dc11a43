import { utcIso } from '../db/sql-time'
import { Hono } from 'hono'
import { z } from 'zod'
import { announce } from '../changes'
import type { Sql, Storage } from '../db/storage'
import { refusal, type Caller, type SessionEnd } from '../gate'
import type { ScopeFor } from '../scope'
import { recordInScope, recordOf } from './history'
import { countsSchema, inScopeSql } from './notes'

/*
 * Presence: who has a record open, and who is editing it, over the server alone (nothing of it
 * reaches the service). A tab says where it is (`PUT /console-api/presence`, again every few
 * seconds) under an ID of its own; it counts only while that tab's stream is open
 * (`/console-api/stream?tab=…`), so a tab closed, locked or signed out (its stream ends with
 * it) leaves at once, and one that stops saying leaves after `PRESENCE_TTL_SECONDS`. Each change
 * is announced on the stream as a change of kind `presence` (the record, never who).
 */

/** A tab that has not said where it is for this long is gone. */
export const PRESENCE_TTL_SECONDS = 45

export const presenceMigration = {
  version: 16,
  name: 'who has a record open, per tab',
  sql: `
    CREATE TABLE presence_tabs (
      tab_id text NOT NULL,
      token_hash text NOT NULL,
      instance_id text NOT NULL,
      -- The stream now open for the tab: a reconnection replaces it.
      stream_id text NOT NULL,
      PRIMARY KEY (tab_id, token_hash)
    );
    CREATE TABLE presence (
      tab_id text NOT NULL,
      token_hash text NOT NULL,
      database text NOT NULL,
      record_type text NOT NULL,
      record_id text NOT NULL,
      user_id text NOT NULL,
      user_name text,
      editing boolean NOT NULL DEFAULT false,
      opened_at timestamptz NOT NULL DEFAULT now(),
      editing_since timestamptz,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tab_id, token_hash)
    );
    CREATE INDEX presence_by_record ON presence (database, record_type, record_id);
  `,
}

const TAB = /^[\w-]{8,64}$/
const hereSchema = z.strictObject({
  tab: z.string().regex(TAB),
  kind: z.enum(['event', 'auth']),
  id: z.string().max(64),
  editing: z.boolean(),
})

const changed = (database: string, kind: string, id: string) => ({
  database,
  kind: 'presence' as const,
  id: `${kind}:${id}`,
  update_Date: null,
  op: 'upsert' as const,
})

/** Removes the presence of these tabs (their stream ended) and tells the records' viewers. */
async function leave(tx: Sql, where: string, params: unknown[]) {
  const { rows } = await tx.query<{ database: string; record_type: string; record_id: string }>(
    `DELETE FROM presence WHERE ${where} RETURNING database, record_type, record_id`,
    params,
  )
  await announce(
    tx,
    rows.map((r) => changed(r.database, r.record_type, r.record_id)),
  )
}

/**
 * A tab's stream opened: its presence counts from now. A record the tab said it had open before
 * its stream was up (a page loading says both at once) is announced now that it counts.
 */
export async function tabOpened(
  storage: Storage,
  tab: string,
  tokenHash: string,
  instanceId: string,
  streamId: string,
) {
  if (!TAB.test(tab)) return
  await storage.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO presence_tabs (tab_id, token_hash, instance_id, stream_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (tab_id, token_hash)
       DO UPDATE SET instance_id = EXCLUDED.instance_id, stream_id = EXCLUDED.stream_id`,
      [tab, tokenHash, instanceId, streamId],
    )
    const { rows } = await tx.query<{ database: string; record_type: string; record_id: string }>(
      'SELECT database, record_type, record_id FROM presence WHERE tab_id = $1 AND token_hash = $2',
      [tab, tokenHash],
    )
    await announce(
      tx,
      rows.map((r) => changed(r.database, r.record_type, r.record_id)),
    )
  })
}

/**
 * A tab's stream ended (closed, locked, signed out): it leaves every record at once, unless the
 * tab opened a new stream meanwhile (a reconnection: the old one's end is noticed late).
 */
export async function tabClosed(
  storage: Storage,
  tab: string,
  tokenHash: string,
  streamId: string,
) {
  if (!TAB.test(tab)) return
  await storage.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'DELETE FROM presence_tabs WHERE tab_id = $1 AND token_hash = $2 AND stream_id = $3',
      [tab, tokenHash, streamId],
    )
    if (rowCount > 0) await leave(tx, 'tab_id = $1 AND token_hash = $2', [tab, tokenHash])
  })
}

/** The sessions a sign-out or kick ended in `database` leave every record. */
export async function endPresence(tx: Sql, end: SessionEnd, database: string) {
  if ('all' in end) return
  if ('tokenHash' in end)
    await leave(tx, 'token_hash = $1 AND database = $2', [end.tokenHash, database])
  else await leave(tx, 'user_id = $1 AND database = $2', [end.userId, database])
}

export function presenceRoutes(storage: Storage, scopeFor: ScopeFor = () => null) {
  const app = new Hono<{ Variables: { caller: Caller } }>()

  app.put('/presence', async (c) => {
    const caller = c.get('caller')
    const parsed = hereSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
      return c.json(
        refusal(400, `Presence is said as tab, kind, id and editing (at ${where}).`),
        400,
      )
    }
    const record = recordOf(parsed.data.kind, parsed.data.id)
    if (typeof record === 'string') return c.json(refusal(400, record), 400)
    if (!(await recordInScope(storage, scopeFor(caller), caller.database, record.kind, record.id)))
      return c.json(refusal(404, 'There is no such event.'), 404)
    const { tab, editing } = parsed.data
    await storage.transaction(async (tx) => {
      const { rows: before } = await tx.query<{
        database: string
        record_type: string
        record_id: string
        editing: boolean
      }>(
        `SELECT database, record_type, record_id, editing FROM presence
         WHERE tab_id = $1 AND token_hash = $2`,
        [tab, caller.tokenHash],
      )
      const was = before[0]
      const same =
        was &&
        was.database === caller.database &&
        was.record_type === record.kind &&
        was.record_id === record.id
      await tx.query(
        `INSERT INTO presence (tab_id, token_hash, database, record_type, record_id, user_id,
           user_name, editing, editing_since)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 THEN now() END)
         ON CONFLICT (tab_id, token_hash) DO UPDATE SET
           database = EXCLUDED.database, record_type = EXCLUDED.record_type,
           record_id = EXCLUDED.record_id, editing = EXCLUDED.editing, seen_at = now(),
           opened_at = CASE WHEN $9 THEN presence.opened_at ELSE now() END,
           editing_since = CASE WHEN NOT EXCLUDED.editing THEN NULL
             WHEN $9 AND presence.editing THEN presence.editing_since ELSE now() END`,
        [
          tab,
          caller.tokenHash,
          caller.database,
          record.kind,
          record.id,
          caller.userId,
          caller.name,
          editing,
          Boolean(same),
        ],
      )
      const news = []
      if (!same || was.editing !== editing)
        news.push(changed(caller.database, record.kind, record.id))
      if (was && !same) news.push(changed(was.database, was.record_type, was.record_id))
      await announce(tx, news)
    })
    return c.body(null, 204)
  })

  app.delete('/presence/:tab', async (c) => {
    const caller = c.get('caller')
    const tab = c.req.param('tab')
    if (!TAB.test(tab)) return c.json(refusal(400, 'That is not a tab ID.'), 400)
    // Only the caller's own tab: a tab ID of another session matches nothing.
    await storage.transaction((tx) =>
      leave(tx, 'tab_id = $1 AND token_hash = $2', [tab, caller.tokenHash]),
    )
    return c.body(null, 204)
  })

  // Which of a list's records others have open (the list's eye), by record ID.
  app.post('/presence/open', async (c) => {
    const caller = c.get('caller')
    const parsed = countsSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
      return c.json(refusal(400, `The question is kind and ids (at ${where}).`), 400)
    }
    const within = inScopeSql(scopeFor(caller), 5, 'p')
    const { rows } = await storage.query<{
      record_id: string
      user_id: string
      user_name: string | null
      editing: boolean
    }>(
      `SELECT DISTINCT ON (p.record_id, p.user_id) p.record_id, p.user_id, p.user_name, p.editing
       FROM presence p JOIN presence_tabs t ON t.tab_id = p.tab_id AND t.token_hash = p.token_hash
       WHERE p.database = $1 AND p.record_type = $2 AND p.record_id = ANY($3::text[])
         AND p.user_id <> $4
         AND p.seen_at > now() - interval '${PRESENCE_TTL_SECONDS} seconds'
         AND console_instance_alive(t.instance_id) AND ${within.where}
       ORDER BY p.record_id, p.user_id, p.editing DESC`,
      [caller.database, parsed.data.kind, parsed.data.ids, caller.userId, ...within.params],
    )
    const open: Record<string, { userId: string; userName: string | null; editing: boolean }[]> = {}
    for (const r of rows)
      (open[r.record_id] ??= []).push({
        userId: r.user_id,
        userName: r.user_name,
        editing: r.editing,
      })
    return c.json({ data: { open }, error: null, debug: { activityID: crypto.randomUUID() } })
  })

  app.get('/presence/:kind/:id', async (c) => {
    const caller = c.get('caller')
    const record = recordOf(c.req.param('kind'), c.req.param('id'))
    if (typeof record === 'string') return c.json(refusal(400, record), 400)
    if (!(await recordInScope(storage, scopeFor(caller), caller.database, record.kind, record.id)))
      return c.json(refusal(404, 'There is no such event.'), 404)
    const tab = c.req.query('tab') ?? ''
    const { rows } = await storage.query<{
      user_id: string
      user_name: string | null
      editing: boolean
      opened_at: string
      editing_since: string | null
    }>(
      `SELECT p.user_id, p.user_name, p.editing,
         ${utcIso('p.opened_at')} AS opened_at,
         ${utcIso('p.editing_since')} AS editing_since
       FROM presence p JOIN presence_tabs t ON t.tab_id = p.tab_id AND t.token_hash = p.token_hash
       WHERE p.database = $1 AND p.record_type = $2 AND p.record_id = $3
         AND p.seen_at > now() - interval '${PRESENCE_TTL_SECONDS} seconds'
         AND console_instance_alive(t.instance_id)
         AND NOT (p.tab_id = $4 AND p.token_hash = $5)
       ORDER BY p.editing DESC, p.opened_at`,
      [caller.database, record.kind, record.id, tab, caller.tokenHash],
    )
    return c.json({
      data: {
        others: rows.map((r) => ({
          userId: r.user_id,
          userName: r.user_name,
          editing: r.editing,
          openedAt: r.opened_at,
          editingSince: r.editing_since,
        })),
      },
      error: null,
      debug: { activityID: crypto.randomUUID() },
    })
  })
  return app
}
