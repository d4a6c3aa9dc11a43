import { SESSION_OPERATIONS } from '../../src/api/audit'
import { utcIso } from '../db/sql-time'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { recordAudit } from '../audit'
import { verifyAuditChain } from '../audit-chain'
import { DEFAULT_AUDIT_ROLES, type ServerConfig } from '../config'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'

/*
 * The audit record, read: `POST /console-api/audit/search` finds entries of the caller's database
 * by person, record, member (an auth's subscriber ID), operation, kind and time, newest first, a
 * page at a time (a POST: a member's ID never sits in an address, nor in a proxy's log);
 * `GET /console-api/audit/verify` says whether the chain is whole. Only the roles
 * of `AUDIT_ROLES` may ask (a token naming none may not), and each search is itself recorded:
 * the answers name members.
 */

/** Entries per page at most. */
export const AUDIT_PAGE_MAX = 500

const short = (max: number) => z.string().trim().min(1).max(max).optional()
/** A date and time with its zone, in years Postgres's timestamptz reads (0001–9999). */
const instant = z.iso
  .datetime({ offset: true })
  .refine((v) => !v.startsWith('0000'), { error: 'must be a date and time' })
  .optional()

export const auditQuerySchema = z.strictObject({
  /** A user's ID, or part of their name. */
  user: short(200),
  recordType: z.enum(['event', 'auth']).optional(),
  recordId: short(100),
  /** A member's subscriber ID: the entries of their auths. */
  member: short(64),
  /** Part of the operation, e.g. `DELETE /sessions`. */
  operation: short(200),
  /** Viewed, changed (a session operation is not counted a change), or a session operation. */
  action: z.enum(['read', 'write', 'session']).optional(),
  from: instant,
  to: instant,
  /** The page after the entry of this ID (older ones). */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
})

export type AuditQuery = z.infer<typeof auditQuerySchema>

/** `%` and `_` match themselves in a LIKE pattern. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function auditRoutes(storage: Storage, config: Pick<ServerConfig, 'auditRoles'>) {
  const roles = config.auditRoles ?? DEFAULT_AUDIT_ROLES
  const app = new Hono<{ Variables: { caller: Caller } }>()
  const onlyAuditors: MiddlewareHandler<{ Variables: { caller: Caller } }> = async (c, next) => {
    if (!c.get('caller').roles.some((role) => roles.includes(role)))
      return c.json(refusal(403, `The audit record is open to ${roles.join(' and ')} only.`), 403)
    await next()
  }
  app.use('/audit/*', onlyAuditors)

  app.post('/audit/search', async (c) => {
    const caller = c.get('caller')
    const parsed = auditQuerySchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
      return c.json(refusal(400, `The search is not one the server reads (at ${where}).`), 400)
    }
    const q = parsed.data
    const params: unknown[] = [caller.database]
    const where = ['a.database = $1']
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value)
      where.push(sql(`$${params.length}`))
    }
    if (q.user) {
      params.push(q.user)
      add((n) => `(a.user_id = $${params.length - 1} OR a.user_name ILIKE ${n})`, likeText(q.user))
    }
    if (q.recordType) add((n) => `a.record_type = ${n}`, q.recordType)
    if (q.recordId) add((n) => `a.record_id = ${n}`, q.recordId)
    if (q.operation) add((n) => `a.operation ILIKE ${n}`, likeText(q.operation))
    if (q.action === 'session') add((n) => `a.operation = ANY(${n}::text[])`, SESSION_OPERATIONS)
    else if (q.action) {
      add((n) => `a.action = ${n}`, q.action)
      if (q.action === 'write')
        add((n) => `NOT (a.operation = ANY(${n}::text[]))`, SESSION_OPERATIONS)
    }
    if (q.from) add((n) => `a.at >= ${n}::timestamptz`, q.from)
    if (q.to) add((n) => `a.at < ${n}::timestamptz`, q.to)
    if (q.before) add((n) => `a.id < ${n}`, q.before)
    if (q.member)
      add(
        (n) => `((a.record_type = 'auth' AND EXISTS (SELECT 1 FROM mirror_auths m
            WHERE m.database = a.database AND m.auth_number = a.record_id
              AND m.record->>'subscriber_ID' = ${n}))
          OR a.changes->'subscriber_ID'->>'before' = ${n}
          OR a.changes->'subscriber_ID'->>'after' = ${n})`,
        q.member,
      )
    const limit = q.limit ?? 100
    params.push(limit + 1)
    const { rows } = await storage.query<{
      id: string
      at: string
      user_id: string | null
      user_name: string | null
      action: string
      operation: string
      record_type: string | null
      record_id: string | null
      changes: Record<string, { before: unknown; after: unknown }> | null
      status: number | null
      activity_id: string | null
      detail: Record<string, unknown> | null
    }>(
      `SELECT a.id, ${utcIso('a.at', { ms: true })} AS at,
         a.user_id, a.user_name, a.action, a.operation, a.record_type, a.record_id, a.changes,
         a.status, a.activity_id, a.detail
       FROM audit_log a WHERE ${where.join(' AND ')}
       ORDER BY a.id DESC LIMIT $${params.length}`,
      params,
    )
    const page = rows.slice(0, limit)
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: 'POST /console-api/audit/search',
        database: caller.database,
        recordType: null,
        recordId: null,
        status: 200,
        activityId: null,
        detail: { search: { ...q }, entries: page.length },
      },
    ])
    return c.json({
      data: {
        entries: page.map((r) => ({
          id: Number(r.id),
          at: r.at,
          userId: r.user_id,
          userName: r.user_name,
          action: r.action,
          operation: r.operation,
          recordType: r.record_type,
          recordId: r.record_id,
          changes: r.changes,
          status: r.status,
          activityId: r.activity_id,
          detail: r.detail,
        })),
        next: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
      },
      error: null,
      debug: { activityID: crypto.randomUUID() },
    })
  })

  app.get('/audit/verify', async (c) => {
    const report = await verifyAuditChain(storage)
    return c.json({ data: report, error: null, debug: { activityID: crypto.randomUUID() } })
  })
  return app
}
