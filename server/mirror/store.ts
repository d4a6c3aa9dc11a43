import { registerAuth, type Meeting } from '../register/register-store'
import { searchWords } from '../../src/features/events/model/filter'
import {
  authMentionsOf,
  instantRules,
  readableOf,
  sortTextsOf,
  statusKeyOf,
} from '../db/filter-migration'
import type { Sql } from '../db/storage'
import { storableJson } from '../stored-text'
import { serviceDateReading } from '../../src/api/dates'
import {
  DATE_COLUMN_KEYS,
  DATE_INSTANT_COLUMNS,
  instantOfReading,
  type DateField,
} from '../../src/features/events/model/filter-sql'

/*
 * The mirror's rows. Each record is kept whole (jsonb, exactly as the service sent it, unknown
 * fields included) beside the few fields the server looks work up by. A write of a record that
 * did not change is no write at all, so only real changes are announced.
 */

/**
 * A service date as milliseconds of its wall-clock reading (as if UTC), to order by: the
 * service's dates carry no zone, so they are compared as written. A date with an offset is
 * moved to UTC. Null for anything `parseServiceDate` takes for no date (2026-02-30 included):
 * `serviceDateReading`, the one reading the date columns are written from too.
 */
export const wallClockMs = (text: unknown): number | null =>
  serviceDateReading(text)?.wallMs ?? null

export type Kind = 'event' | 'auth'

/** One change of the mirror, as announced: never member data, only what identifies it. */
export interface Change {
  database: string
  /**
   * `note`: a record's internal notes changed; `presence`: who has it open (`id` is `event:123`
   * or `auth:…`); `view`: a saved view (its ID).
   */
  kind: Kind | 'note' | 'presence' | 'view'
  id: string
  update_Date: string | null
  op: 'upsert' | 'delete'
}

type Rec = Record<string, unknown>

/**
 * Each date the filter reads as its columns (`<name>_wall`, `<name>_zoned`, and `<name>_instant`
 * in this process's zone): read here by the model's own rule, not by SQL (five readings a record
 * in SQL were most of a first load's time).
 */
function dateColumnsOf(e: Rec): Record<string, number | boolean | null> {
  const columns: Record<string, number | boolean | null> = {}
  for (const [field, [wall, zoned]] of Object.entries(DATE_COLUMN_KEYS)) {
    const reading = serviceDateReading(e[field as DateField])
    columns[wall] = reading?.wallMs ?? null
    columns[zoned] = reading?.zoned ?? null
    columns[DATE_INSTANT_COLUMNS[field as DateField]] = instantOfReading(reading)
  }
  return columns
}
const DATE_COLUMN_NAMES = Object.entries(DATE_COLUMN_KEYS).flatMap(([field, pair]) => [
  ...pair,
  DATE_INSTANT_COLUMNS[field as DateField],
])
const DATE_COLUMN_TYPES = Object.entries(DATE_COLUMN_KEYS)
  .map(
    ([field, [wall, zoned]]) =>
      `${wall} bigint, ${zoned} boolean, ${DATE_INSTANT_COLUMNS[field as DateField]} bigint`,
  )
  .join(', ')
const DATE_COLUMN_SET = DATE_COLUMN_NAMES.map((c) => `${c} = EXCLUDED.${c}`).join(', ')

const text = (v: unknown) => (typeof v === 'string' ? v : null)
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)

/** Stores events; returns those that were new or different. */
export async function upsertEvents(tx: Sql, database: string, events: readonly Rec[]) {
  if (events.length === 0) return [] as Change[]
  // The instants below are made in this process's zone: never beside ones made in another.
  const { rows: made } = await tx.query<{ zone: string }>(
    'SELECT zone FROM mirror_instants_zone FOR SHARE',
  )
  if (made[0] && made[0].zone !== instantRules())
    throw new Error(
      `This server runs in the time zone ${instantRules()}, but the mirror's dates were made in ` +
        `${made[0].zone}: run every instance on one database in one zone (TZ).`,
    )
  const rows = events.map((e) => ({
    event_id: e.event_ID,
    update_date: text(e.update_Date),
    update_ms: wallClockMs(e.update_Date),
    user_id: text(e.user_ID),
    user_group_key: int(e.userGroup_Key),
    status: text(e.status),
    priority: text(e.priority),
    due_ms: wallClockMs(e.due_Date),
    completed: e.completion_Date != null,
    // Folded by the model's own rule, so search on the server finds what the console finds.
    subject_words: searchWords({ subject: typeof e.subject === 'string' ? e.subject : null }),
    auth_mentions: authMentionsOf(e),
    status_key: statusKeyOf(e),
    readable: readableOf(e),
    sort_text: sortTextsOf(e),
    ...dateColumnsOf(e),
    record: e,
  }))
  const { rows: changed } = await tx.query<{ event_id: number; update_date: string | null }>(
    `INSERT INTO mirror_events AS m (database, event_id, update_date, update_ms, user_id,
       user_group_key, status, priority, due_ms, completed, subject_words, auth_mentions,
       status_key, readable, sort_text, ${DATE_COLUMN_NAMES.join(', ')}, record)
     SELECT $1, r.event_id, r.update_date, r.update_ms, r.user_id, r.user_group_key, r.status,
       r.priority, r.due_ms, r.completed, r.subject_words, r.auth_mentions,
       r.status_key, r.readable, r.sort_text, ${DATE_COLUMN_NAMES.map((c) => `r.${c}`).join(', ')},
       r.record
     FROM jsonb_to_recordset($2::jsonb) AS r(event_id integer, update_date text, update_ms bigint,
       user_id text, user_group_key integer, status text, priority text, due_ms bigint,
       completed boolean, subject_words text, auth_mentions text[],
       status_key text, readable boolean, sort_text jsonb, ${DATE_COLUMN_TYPES}, record jsonb)
     ON CONFLICT (database, event_id) DO UPDATE SET
       update_date = EXCLUDED.update_date, update_ms = EXCLUDED.update_ms,
       user_id = EXCLUDED.user_id, user_group_key = EXCLUDED.user_group_key,
       status = EXCLUDED.status, priority = EXCLUDED.priority, due_ms = EXCLUDED.due_ms,
       completed = EXCLUDED.completed, subject_words = EXCLUDED.subject_words,
       auth_mentions = EXCLUDED.auth_mentions,
       status_key = EXCLUDED.status_key, readable = EXCLUDED.readable,
       sort_text = EXCLUDED.sort_text, ${DATE_COLUMN_SET}, record = EXCLUDED.record,
       mirrored_at = now()
     WHERE m.record IS DISTINCT FROM EXCLUDED.record
     RETURNING event_id, update_date`,
    // A record holding a NUL or half a character is stored with U+FFFD there, not refused.
    [database, storableJson(rows)],
  )
  return changed.map((r): Change => ({
    database,
    kind: 'event',
    id: String(r.event_id),
    update_Date: r.update_date,
    op: 'upsert',
  }))
}

/** The records the mirror holds of these events, by ID (those it has). */
export async function heldEvents(tx: Sql, database: string, ids: readonly number[]) {
  const { rows } = await tx.query<{ event_id: number; record: Rec }>(
    'SELECT event_id, record FROM mirror_events WHERE database = $1 AND event_id = ANY($2::integer[])',
    [database, ids],
  )
  return new Map(rows.map((r) => [Number(r.event_id), r.record]))
}

export async function deleteEvents(tx: Sql, database: string, ids: readonly number[]) {
  if (ids.length === 0) return [] as Change[]
  // Each deletion is noted (a readers' cursor, `seq`), since a deleted row can tell no one.
  const { rows } = await tx.query<{ event_id: number }>(
    `WITH gone AS (
       DELETE FROM mirror_events WHERE database = $1 AND event_id = ANY($2::integer[])
       RETURNING event_id)
     INSERT INTO mirror_deletions (database, kind, id)
     SELECT $1, 'event', event_id::text FROM gone
     RETURNING id::integer AS event_id`,
    [database, ids],
  )
  return rows.map((r): Change => ({
    database,
    kind: 'event',
    id: String(r.event_id),
    update_Date: null,
    op: 'delete',
  }))
}

/** Stores an auth the server met; returns the change if it was new or different. */
export async function upsertAuth(
  tx: Sql,
  database: string,
  met: Rec,
  meeting: Meeting = { by: 'lookup', via: 'read' },
): Promise<Change[]> {
  // A NUL or half a character in any field is stored as U+FFFD (the columns too), not refused.
  const auth = JSON.parse(storableJson(met)) as Rec
  const number = text(auth.auth_Number)
  if (!number) return []
  const { rows: held } = await tx.query<{ record: Rec }>(
    'SELECT record FROM mirror_auths WHERE database = $1 AND auth_number = $2 FOR UPDATE',
    [database, number],
  )
  const { rows } = await tx.query<{ update_date: string | null }>(
    `INSERT INTO mirror_auths AS m (database, auth_number, update_date, update_ms, status,
       auth_code, assigned_user, record)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     ON CONFLICT (database, auth_number) DO UPDATE SET
       update_date = EXCLUDED.update_date, update_ms = EXCLUDED.update_ms,
       status = EXCLUDED.status, auth_code = EXCLUDED.auth_code,
       assigned_user = EXCLUDED.assigned_user, record = EXCLUDED.record, mirrored_at = now()
     WHERE m.record IS DISTINCT FROM EXCLUDED.record
     RETURNING update_date`,
    [
      database,
      number,
      text(auth.update_Date),
      wallClockMs(auth.update_Date),
      text(auth.status),
      text(auth.auth_Code),
      text(auth.assigned_User),
      JSON.stringify(auth),
    ],
  )
  await registerAuth(tx, database, auth, held[0]?.record ?? null, meeting)
  return rows.map((r) => ({
    database,
    kind: 'auth',
    id: number,
    update_Date: r.update_date,
    op: 'upsert',
  }))
}

export async function deleteAuth(tx: Sql, database: string, authNumber: string) {
  const { rows } = await tx.query(
    `WITH gone AS (
       DELETE FROM mirror_auths WHERE database = $1 AND auth_number = $2 RETURNING auth_number)
     INSERT INTO mirror_deletions (database, kind, id)
     SELECT $1, 'auth', auth_number FROM gone RETURNING 1`,
    [database, authNumber],
  )
  return rows.length > 0
    ? [{ database, kind: 'auth', id: authNumber, update_Date: null, op: 'delete' } as Change]
    : []
}

/** The mirrored record, for an audit's "before". */
export async function heldRecord(
  tx: Sql,
  database: string,
  kind: Kind,
  id: string,
): Promise<Rec | null> {
  const { rows } =
    kind === 'event'
      ? await tx.query<{ record: Rec }>(
          'SELECT record FROM mirror_events WHERE database = $1 AND event_id = $2',
          [database, Number(id)],
        )
      : await tx.query<{ record: Rec }>(
          'SELECT record FROM mirror_auths WHERE database = $1 AND auth_number = $2',
          [database, id],
        )
  return rows[0]?.record ?? null
}
