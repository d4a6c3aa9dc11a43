import type { StatementSync } from 'node:sqlite'
import { eventFields, eventWriteSchema, type Event } from '../../src/api/schemas/event'
import type { EventSchedule } from '../../src/api/schemas/event-schedule'
import { scheduleColumns } from './seed'
import type { Db, Row } from '../db/sqlite'
import { fieldErrors, Problem } from '../http'
import { storableDate } from '../db/dates'
import { requireCurrentVersion, stampText } from '../db/stamp'

/** Storage of events and their schedules: validation, row mapping and cached statements. */

export type SqlValue = string | number | null
/** SQL-ready values by Event field name. */
export type EventValues = Record<string, SqlValue>

export const INT32_MAX = 2_147_483_647
const BOOLEAN_FIELDS = new Set<string>([
  'claim_Audit_Event',
  'process_Automation_Event',
  'reminder',
])
const DATE_FIELDS = eventFields.filter((f) => f.endsWith('_Date') || f === 'next_Scheduled_Time')
const DATE_SET = new Set<string>(DATE_FIELDS)
/** The service's own stamps: a body's values are not stored (`update_Date` is its version). */
const STAMPS = new Set<string>(['entry_Date', 'update_Date'])
const INT_FIELDS = ['reminder_Event_ID', 'reportSeries_Key', 'userGroup_Key'] as const
const SCHEDULE_BOOLEANS = new Set<string>([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'play_Sound',
  'regenerate_Event',
])

export type EventCheck =
  | {
      ok: true
      values: EventValues
      eventId: number | null
      /** The body's `update_Date` as sent: the version it was made from. */
      version: unknown
    }
  | { ok: false; errors: Record<string, string>; eventId: number | null }

/**
 * Validates an event body with the contract's `eventWriteSchema` (unknown fields ignored; text
 * within `EVENT_TEXT_LIMITS`), then
 * checks what the schema cannot: dates the service stores exactly (`storableDate`) and 32-bit
 * integers. Dates come out in the canonical form; `eventId` is the body's event_ID when it is a
 * positive number, else null.
 */
export function checkEvent(raw: unknown): EventCheck {
  const given = (raw as { event_ID?: unknown } | null)?.event_ID
  const eventId =
    typeof given === 'number' && Number.isInteger(given) && given > 0 && given <= INT32_MAX
      ? given
      : null
  const parsed = eventWriteSchema.safeParse(raw)
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues)
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const dates: Record<string, string | null> = {}
  for (const field of DATE_FIELDS) {
    const v = body[field]
    if (typeof v !== 'string' || STAMPS.has(field)) continue
    const date = storableDate(v)
    if (date.ok) dates[field] = date.value
    else errors[field] ??= date.error
  }
  if (typeof given === 'number' && Number.isInteger(given) && (given < 0 || given > INT32_MAX))
    errors.event_ID ??= 'Expected 0 (a new event) or a positive 32-bit integer'
  const percent = body.completion_Percent
  if (typeof percent === 'number' && !(percent >= 0 && percent <= 100))
    errors.completion_Percent ??= 'Expected a percentage from 0 to 100'
  for (const field of INT_FIELDS) {
    const v = body[field]
    if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) > INT32_MAX)
      errors[field] ??= 'Expected a 32-bit integer'
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, eventId }

  const data = parsed.data as Record<string, unknown>
  const values = {} as EventValues
  for (const field of eventFields) {
    const v = data[field]
    if (BOOLEAN_FIELDS.has(field)) values[field] = v ? 1 : 0
    else if (DATE_SET.has(field)) values[field] = dates[field] ?? null
    else values[field] = typeof v === 'number' || typeof v === 'string' ? v : null
  }
  values.event_ID = eventId
  return { ok: true, values, eventId, version: body.update_Date }
}

/** The 400 problem for a failed check, naming each field. */
export function invalidFields(errors: Record<string, string>): Problem {
  return new Problem(400, `Invalid fields: ${Object.keys(errors).join(', ')}`, {
    title: 'Validation failed',
    errors,
  })
}

export function rowToEvent(row: Row): Event {
  const event: Record<string, unknown> = {}
  for (const field of eventFields)
    event[field] = BOOLEAN_FIELDS.has(field) ? row[field] === 1 : (row[field] ?? null)
  return event as Event
}

export function rowToSchedule(row: Row): EventSchedule {
  const schedule: Record<string, unknown> = {}
  for (const col of scheduleColumns)
    schedule[col] = SCHEDULE_BOOLEANS.has(col) ? row[col] === 1 : (row[col] ?? null)
  return schedule as EventSchedule
}

const COLUMNS = eventFields.join(', ')
/** Fields a body may change (the entry and update fields are the service's). */
const CHANGEABLE = eventFields.filter(
  (f) => !['event_ID', 'entry_Date', 'entry_User', 'update_Date', 'update_User'].includes(f),
)

/**
 * `sortBy` (`field:asc,field:desc`; ascending by default) as an ORDER BY clause over the Event
 * fields only, ties broken by event_ID ascending. Anything else is a 400 naming the part.
 */
export function orderBy(sortBy: string | undefined): string {
  const terms: string[] = []
  const seen = new Set<string>()
  for (const part of (sortBy ?? '').split(',')) {
    if (part.trim() === '') continue
    const [field = '', direction = 'asc', ...rest] = part.split(':').map((s) => s.trim())
    const dir = direction.toLowerCase()
    if (!(eventFields as string[]).includes(field) || rest.length > 0)
      throw new Problem(
        400,
        `sortBy: "${part.trim()}" is not an Event field. Sort by: ${eventFields.join(', ')}.`,
        { errors: { sortBy: `Unknown sort field "${field}"` } },
      )
    if (dir !== 'asc' && dir !== 'desc')
      throw new Problem(400, `sortBy: the direction of "${field}" must be asc or desc.`, {
        errors: { sortBy: `Unknown sort direction "${direction}"` },
      })
    if (seen.has(field)) continue
    seen.add(field)
    terms.push(`${field} ${dir.toUpperCase()}`)
  }
  if (!seen.has('event_ID')) terms.push('event_ID ASC')
  return terms.join(', ')
}

function prepareAll(db: Db) {
  const list = new Map<string, StatementSync>()
  const updates = new Map<string, StatementSync>()
  return {
    get: db.prepare(`SELECT ${COLUMNS} FROM events WHERE event_ID = ?`),
    exists: db.prepare('SELECT 1 AS found FROM events WHERE event_ID = ?'),
    insert: db.prepare(
      `INSERT INTO events (${COLUMNS}) VALUES (${eventFields.map(() => '?').join(', ')})`,
    ),
    highestId: db.prepare('SELECT MAX(event_ID) AS id FROM events'),
    /** The lowest free ID: 1, or the first ID after a used one that is not used itself. */
    lowestFreeId: db.prepare(
      `SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM events WHERE event_ID = 1) THEN 1
         ELSE (SELECT MIN(e.event_ID + 1) FROM events AS e
               WHERE NOT EXISTS (SELECT 1 FROM events AS f WHERE f.event_ID = e.event_ID + 1))
       END AS id`,
    ),
    remove: db.prepare('DELETE FROM events WHERE event_ID = ?'),
    removeSchedules: db.prepare('DELETE FROM event_schedules WHERE event_ID = ?'),
    userEvents: db.prepare(
      `SELECT ${COLUMNS} FROM events WHERE user_ID = ? AND completion_Date IS NULL
       ORDER BY next_Scheduled_Date, due_Date, event_ID`,
    ),
    setNext: db.prepare(
      `UPDATE events SET next_Scheduled_Date = ?, next_Scheduled_Time = ?, update_User = ?,
       update_Date = ? WHERE event_ID = ?`,
    ),
    /** A snooze is "remind me later": the reminder is turned on, at the snooze's end. */
    snooze: db.prepare(
      `UPDATE events SET reminder = 1, next_Scheduled_Date = ?, next_Scheduled_Time = ?,
       update_User = ?, update_Date = ? WHERE event_ID = ?`,
    ),
    schedules: db.prepare(
      `SELECT ${scheduleColumns.join(', ')} FROM event_schedules WHERE event_ID = ?
       ORDER BY schedule_ID`,
    ),
    schedule: db.prepare(
      `SELECT ${scheduleColumns.join(', ')} FROM event_schedules
       WHERE event_ID = ? AND schedule_ID = ?`,
    ),
    setScheduleNext: db.prepare(
      `UPDATE event_schedules SET next_Scheduled_Date = ?, next_Scheduled_Time = ?,
       update_User = ?, update_Date = ? WHERE schedule_ID = ?`,
    ),
    lookup: db.prepare(
      'SELECT option_Key, display, description FROM lookups WHERE list = ? ORDER BY sort_Order',
    ),
    lookupMinutes: db.prepare('SELECT minutes FROM lookups WHERE list = ? AND option_Key = ?'),
    /** UPDATE of the given columns plus update_User and update_Date (cached per column set). */
    update(columns: readonly string[]): StatementSync {
      const key = columns.join(',')
      let statement = updates.get(key)
      if (!statement) {
        if (updates.size >= 500) updates.clear()
        const set = [...columns, 'update_User', 'update_Date'].map((f) => `${f} = ?`).join(', ')
        statement = db.prepare(`UPDATE events SET ${set} WHERE event_ID = ?`)
        updates.set(key, statement)
      }
      return statement
    },
    /**
     * A page of events in the order of an `orderBy` clause (cached per clause). The inner query
     * reads only IDs: with a sort index it is a covering-index scan, so the rows OFFSET skips are
     * never read from the table; the outer loop then reads the page's rows by primary key and
     * re-sorts those few (page 500 of 100 costs about half of a plain `SELECT *`).
     */
    page(order: string): StatementSync {
      let statement = list.get(order)
      if (!statement) {
        if (list.size >= 200) list.clear()
        const outer = order
          .split(', ')
          .map((term) => `e.${term}`)
          .join(', ')
        statement = db.prepare(
          `SELECT ${eventFields.map((f) => `e.${f}`).join(', ')}
           FROM (SELECT event_ID FROM events ORDER BY ${order} LIMIT ? OFFSET ?) AS p
           CROSS JOIN events AS e ON e.event_ID = p.event_ID
           ORDER BY ${outer}`,
        )
        list.set(order, statement)
      }
      return statement
    },
  }
}

export type EventStatements = ReturnType<typeof prepareAll>
const cache = new WeakMap<Db, EventStatements>()

/** The prepared statements of a business database, prepared once. */
export function statements(db: Db): EventStatements {
  let s = cache.get(db)
  if (!s) {
    s = prepareAll(db)
    cache.set(db, s)
  }
  return s
}

/** A page of events in the order of an `orderBy` clause. */
export function listEvents(db: Db, order: string, limit: number, offset: number): Event[] {
  return (statements(db).page(order).all(limit, offset) as Row[]).map(rowToEvent)
}

export function findEvent(db: Db, eventId: number): Event | null {
  const row = statements(db).get.get(eventId) as Row | undefined
  return row ? rowToEvent(row) : null
}

export const eventNotFound = (eventId: number) =>
  new Problem(404, `There is no event ${eventId}.`, { title: 'Event not found' })

export function requireEvent(db: Db, eventId: number): Event {
  const event = findEvent(db, eventId)
  if (!event) throw eventNotFound(eventId)
  return event
}

export const eventExists = (db: Db, eventId: number) =>
  statements(db).exists.get(eventId) !== undefined

/** The stored row of an event, or undefined. */
export const eventRow = (db: Db, eventId: number) =>
  statements(db).get.get(eventId) as Row | undefined

/**
 * A new event ID: one above the highest in use, or, once that would leave 32 bits (an event
 * imported with ID 2147483647), the lowest free one. No ID a client gives can exhaust them.
 */
function newEventId(db: Db): number {
  const s = statements(db)
  const highest = Number((s.highestId.get() as { id: number | null }).id ?? 0)
  if (highest < INT32_MAX) return highest + 1
  const free = Number((s.lowestFreeId.get() as { id: number | null }).id)
  if (!(free > 0 && free <= INT32_MAX))
    throw new Problem(409, 'Every 32-bit event ID is in use.', { title: 'Event IDs exhausted' })
  return free
}

/** Inserts an event with the body's ID, or a new one; entry and update are `user` at `now`. */
export function insertEvent(db: Db, values: EventValues, user: string, now: Date): number {
  const stamp = stampText(now)
  const row: EventValues = {
    ...values,
    event_ID: values.event_ID ?? newEventId(db),
    entry_User: user,
    entry_Date: stamp,
    update_User: user,
    update_Date: stamp,
  }
  statements(db).insert.run(...eventFields.map((f) => row[f] ?? null))
  return row.event_ID as number
}

/**
 * Replaces an event's fields, keeping its entry user and date. Only the columns whose value
 * changes are written, so an edit of the subject does not rewrite the other fifteen indexes.
 * `current` is the stored row (from `statements(db).get`).
 */
export function updateEvent(db: Db, current: Row, values: EventValues, user: string, now: Date) {
  const eventId = current.event_ID as number
  const changed = CHANGEABLE.filter((f) => (values[f] ?? null) !== (current[f] ?? null))
  statements(db)
    .update(changed)
    .run(
      ...changed.map((f) => values[f] ?? null),
      user,
      stampText(now, current.update_Date),
      eventId,
    )
}

/**
 * Updates a stored event from a checked body, refusing a body without the version it was made
 * from (428) or made from another version than the stored one (409). Run it inside the
 * transaction that read `current`.
 */
export function updateIfCurrent(
  db: Db,
  current: Row,
  check: EventCheck & { ok: true },
  user: string,
  now: Date,
) {
  requireCurrentVersion(`Event ${String(current.event_ID)}`, current, check.version)
  updateEvent(db, current, check.values, user, now)
}
