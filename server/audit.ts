import type { Sql } from './db/storage'
import { wallClockMs } from './mirror/store'
import { storableJson } from './stored-text'

/*
 * The audit record: who wrote what through the server (each changed field, before and after),
 * and who read which member record. Append-only: the server only ever inserts, and the table's
 * triggers refuse UPDATE and TRUNCATE always and DELETE of an entry younger than the retention.
 */

export interface AuditEntry {
  userId: string | null
  userName: string | null
  /** `seen`: a change the mirror met in the service that did not pass through the console. */
  action: 'write' | 'read' | 'seen'
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
      // Others' text (a record the service holds) may carry what jsonb refuses: made storable.
      storableJson(
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

/** What the mirror records of a change made past the console (its operation in the record). */
export const CHANGED_OUTSIDE = 'changed outside the console'
export const CREATED_OUTSIDE = 'created outside the console'

/**
 * The entries of changes the mirror met that did not pass through the console: each record as
 * it was held and as the service has it now, the fields that differ, attributed to the user the
 * service names as its last updater (`update_User`, its word, not checked). A record first met
 * is noted as created outside. Records whose fields are all as held, or older than the copy (by
 * `update_Date`), give none.
 */
export function seenEntries(
  database: string,
  kind: 'event' | 'auth',
  held: ReadonlyMap<string, Record<string, unknown>>,
  now: readonly { id: string; record: Record<string, unknown> }[],
): AuditEntry[] {
  const out: AuditEntry[] = []
  for (const { id, record } of now) {
    const before = held.get(id) ?? null
    // Read before a write through the console and stored after it (a sweep's page): older than
    // the copy, it is no change made outside.
    const was = wallClockMs(before?.update_Date)
    const is = wallClockMs(record.update_Date)
    if (was !== null && is !== null && is < was) continue
    const changes = changedFields(before, record)
    if (Object.keys(changes).length === 0) continue
    const by = record.update_User ?? record.entry_User
    out.push({
      userId: typeof by === 'string' && by !== '' ? by : null,
      userName: null,
      action: 'seen',
      operation: before ? CHANGED_OUTSIDE : CREATED_OUTSIDE,
      database,
      recordType: kind,
      recordId: id,
      changes: before ? changes : null,
      status: null,
      activityId: null,
      detail: { updateDate: record.update_Date ?? null, attributedBy: 'service' },
    })
  }
  return out
}
