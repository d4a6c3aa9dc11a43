import { Hono } from 'hono'
import { recordAudit } from '../audit'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import type { ScopeFor } from '../scope'
import { wallClockMs } from '../mirror/store'

/*
 * `GET /console-api/events`: the mirror's events of a database, in the service's own shape (the
 * records as it sent them), so the console's contract parses them and its event index can load
 * from here instead of the service. `after=<event ID>` pages by ID; `since=<update_Date>` reads
 * what changed from then on, paged by `after` among those (events at exactly `since` are
 * included: a stamp can be shared). Every answer carries `deletedSeq`, the mirror's count of
 * deletions so far; `deletedAfter=<deletedSeq>` adds the IDs of the events deleted since then
 * (`deleted`), which no update_Date can show. Each page read is one audit entry: who, which
 * database, how many records.
 */

const DEFAULT_LIMIT = 1000
const MAX_LIMIT = 5000

export function eventRoutes(storage: Storage, scopeFor: ScopeFor = () => null) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/events', async (c) => {
    const caller = c.get('caller')
    // Every event of the plan, and the IDs of those deleted: not for a caller who finds only some.
    if (scopeFor(caller))
      return c.json(refusal(403, 'Your role finds only your own and your groups’ events.'), 403)
    const database = caller.database
    const limitText = c.req.query('limit')
    const afterText = c.req.query('after')
    const sinceText = c.req.query('since')
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText)
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      return c.json(refusal(400, `limit must be a whole number from 1 to ${MAX_LIMIT}.`), 400)
    const after = afterText === undefined ? null : Number(afterText)
    if (after !== null && !Number.isSafeInteger(after))
      return c.json(refusal(400, 'after must be an event ID.'), 400)
    const deletedAfterText = c.req.query('deletedAfter')
    const deletedAfter = deletedAfterText === undefined ? null : Number(deletedAfterText)
    if (deletedAfter !== null && !Number.isSafeInteger(deletedAfter))
      return c.json(refusal(400, 'deletedAfter must be a deletedSeq of an earlier answer.'), 400)
    const since = sinceText === undefined ? null : wallClockMs(sinceText)
    if (sinceText !== undefined && since === null)
      return c.json(refusal(400, 'since must be an update_Date.'), 400)

    const { rows } =
      since === null
        ? await storage.query<{ record: Record<string, unknown>; event_id: number }>(
            `SELECT record, event_id FROM mirror_events
             WHERE database = $1 AND event_id > $2::bigint ORDER BY event_id LIMIT $3`,
            [database, after ?? -2147483649, limit],
          )
        : await storage.query<{
            record: Record<string, unknown>
            event_id: number
            update_date: string | null
          }>(
            `SELECT record, event_id, update_date FROM mirror_events
             WHERE database = $1
               AND (update_ms > $2::bigint OR (update_ms = $2::bigint AND event_id > $3::bigint))
             ORDER BY update_ms, event_id LIMIT $4`,
            [database, since, after ?? -2147483649, limit],
          )
    const deletions =
      deletedAfter === null
        ? null
        : await storage.query<{ id: string }>(
            `SELECT id FROM mirror_deletions
             WHERE database = $1 AND kind = 'event' AND seq > $2::bigint ORDER BY seq`,
            [database, deletedAfter],
          )
    const { rows: top } = await storage.query<{ seq: string | null }>(
      'SELECT max(seq)::text AS seq FROM mirror_deletions',
    )
    const deletedSeq = Number(top[0]?.seq ?? 0)
    const last = rows.at(-1)
    const next =
      rows.length < limit || !last
        ? null
        : since === null
          ? { after: Number(last.event_id) }
          : {
              since: (last as { update_date?: string | null }).update_date ?? sinceText,
              after: Number(last.event_id),
            }
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: 'GET /console-api/events',
        database,
        recordType: 'event',
        recordId: null,
        status: 200,
        activityId: null,
        detail: { count: rows.length, after, since: sinceText ?? null },
      },
    ])
    return c.json({
      data: rows.map((r) => r.record),
      next,
      deletedSeq,
      ...(deletions ? { deleted: deletions.rows.map((r) => Number(r.id)) } : {}),
      debug: { activityID: crypto.randomUUID() },
    })
  })
  return app
}
