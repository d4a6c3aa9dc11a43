import { utcIso } from '../db/sql-time'
import { Hono } from 'hono'
import { recordAudit } from '../audit'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { scopeSql, type Scope, type ScopeFor } from '../scope'

/*
 * `GET /console-api/history/{event|auth}/{id}`: a record's changes, newest first, from the audit
 * record: those made through the console (who, each field before and after) and those the
 * mirror met in the service without passing through it ("changed outside the console", with
 * the fields that differ and when they were seen). A caller scoped away from an event is told
 * there is none. Each reading is itself recorded: the changes hold member data.
 */

/** Changes returned at most (the newest). */
export const HISTORY_MAX = 200

const ID = { event: /^\d{1,10}$/, auth: /^[\w.-]{1,64}$/ } as const

/** A record's kind and ID as a route names them: `event/123`, `auth/26-000813`. */
export function recordOf(
  kind: string,
  id: string,
): { kind: 'event' | 'auth'; id: string } | string {
  if (kind !== 'event' && kind !== 'auth') return 'The kind of record must be event or auth.'
  // An event ID is a Postgres integer: past 2,147,483,647 it names no event.
  if (!ID[kind].test(id) || (kind === 'event' && Number(id) > 2_147_483_647))
    return `That is not an ${kind} ID.`
  return { kind, id }
}

/**
 * Whether a caller of this scope finds the record: any auth, and an event within their scope
 * (one the mirror does not hold is outside a scope).
 */
export async function recordInScope(
  storage: Storage,
  scope: Scope | null,
  database: string,
  kind: 'event' | 'auth',
  id: string,
) {
  if (!scope || kind !== 'event') return true
  const within = scopeSql(scope, 3)
  const { rows } = await storage.query(
    `SELECT 1 FROM mirror_events WHERE database = $1 AND event_id = $2 AND ${within.where}`,
    [database, Number(id), ...within.params],
  )
  return rows.length > 0
}

export function historyRoutes(storage: Storage, scopeFor: ScopeFor = () => null) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/history/:kind/:id', async (c) => {
    const caller = c.get('caller')
    const record = recordOf(c.req.param('kind'), c.req.param('id'))
    if (typeof record === 'string') return c.json(refusal(400, record), 400)
    const { kind, id } = record
    if (!(await recordInScope(storage, scopeFor(caller), caller.database, kind, id)))
      return c.json(refusal(404, 'There is no such event.'), 404)
    const { rows } = await storage.query<{
      id: string
      at: string
      user_id: string | null
      user_name: string | null
      action: string
      operation: string
      changes: Record<string, { before: unknown; after: unknown }> | null
      detail: Record<string, unknown> | null
    }>(
      `SELECT id, ${utcIso('at', { ms: true })} AS at,
         user_id, user_name, action, operation, changes, detail
       FROM audit_log
       WHERE database = $1 AND record_type = $2 AND record_id = $3
         AND action IN ('write', 'seen') AND (status IS NULL OR status BETWEEN 200 AND 299)
         AND detail->>'note' IS NULL
       ORDER BY id DESC LIMIT ${HISTORY_MAX}`,
      [caller.database, kind, id],
    )
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: `GET /console-api/history/{${kind}}`,
        database: caller.database,
        recordType: kind,
        recordId: id,
        status: 200,
        activityId: null,
      },
    ])
    return c.json({
      data: {
        changes: rows.map((r) => ({
          id: Number(r.id),
          at: r.at,
          userId: r.user_id,
          userName: r.user_name,
          through: r.action === 'write' ? 'console' : 'service',
          operation: r.operation,
          fields: r.changes ?? {},
          madeByEarlierAttempt: r.detail?.madeByEarlierAttempt === true,
        })),
      },
      error: null,
      debug: { activityID: crypto.randomUUID() },
    })
  })
  return app
}
