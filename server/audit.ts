import type { Sql } from './db/storage'

/*
 * The audit record: who wrote what through the server (each changed field, before and after),
 * and who read which member record. Append-only: the server only ever inserts, and the table's
 * triggers refuse UPDATE and TRUNCATE always and DELETE of an entry younger than the retention.
 */

export interface AuditEntry {
  userId: string | null
  userName: string | null
  action: 'write' | 'read'
  /** Method and path pattern, e.g. `PUT /events/{eventID}`. */
  operation: string
  database: string | null
  recordType: string | null
  recordId: string | null
  /** Field name → { before, after }, for writes. */
  changes?: Record<string, { before: unknown; after: unknown }> | null
  status: number | null
  activityId: string | null
  detail?: Record<string, unknown> | null
}

export async function recordAudit(tx: Sql, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return
  await tx.query(
    `INSERT INTO audit_log (user_id, user_name, action, operation, database, record_type,
       record_id, changes, status, activity_id, detail)
     SELECT user_id, user_name, action, operation, database, record_type, record_id, changes,
       status, activity_id, detail
     FROM jsonb_to_recordset($1::jsonb) AS r(user_id text, user_name text, action text,
       operation text, database text, record_type text, record_id text, changes jsonb,
       status integer, activity_id text, detail jsonb)`,
    [
      JSON.stringify(
        entries.map((e) => ({
          user_id: e.userId,
          user_name: e.userName,
          action: e.action,
          operation: e.operation,
          database: e.database,
          record_type: e.recordType,
          record_id: e.recordId,
          changes: e.changes ?? null,
          status: e.status,
          activity_id: e.activityId,
          detail: e.detail ?? null,
        })),
      ),
    ],
  )
}

/** The fields that differ between two versions of a record (a missing one counts as null). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {}
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const key of keys) {
    const a = before?.[key] ?? null
    const b = after?.[key] ?? null
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = { before: a, after: b }
  }
  return out
}
