import { Hono } from 'hono'
import { z } from 'zod'
import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import { eventSchema } from '../../src/api/schemas/event'
import type { Event } from '../../src/api/schemas/event'
import {
  dayDigest,
  dayEvents,
  type DigestEvent,
  type DigestSubject,
  type DrawnEvent,
} from '../../src/features/events/model/day-digest'
import { startOfDay } from '../../src/features/events/model/days'
import { statusKey } from '../../src/features/events/model/facts'
import type { EventFilter } from '../../src/features/events/model/filter'
import {
  compileFilterSql,
  datelessSql,
  factColumnsOfText,
  factColumnsTextSql,
  factsOfRow,
  FilterNotInSql,
  placedNearSql,
} from '../../src/features/events/model/filter-sql'
import { createAnswerCache, type AnswerCache } from '../answer-cache'
import { recordAudit } from '../audit'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { scopeSql, type ScopeFor } from '../scope'
import { filterSchema, instantSchema, storedText } from './event-query'

/*
 * The calendar's questions, answered from the mirror with the model's own rules: Postgres takes
 * the events the view's filter and range take (`compileFilterSql`, `placed`), and the model's
 * `dayDigest` and `dayEvents` make of them what the index's worker would (each day's counts, the
 * events drawn, one day's list). Only that is sent: never the month's events.
 */

/**
 * The most events one answer reads from the mirror for a range: a month of a plan of 1,000,000
 * events in the demo data holds ~280,000 (the range's facts, ~150 MB while they are read).
 */
export const CALENDAR_MAX_EVENTS = 500_000
/**
 * A range's facts are kept until the events change (among the few large answers) while they
 * hold at most this many events: a team opening the same month asks Postgres once. They are kept
 * as columns (`FactsTable`, 47 bytes an event: 15 MB for the 318,000 read for a month of a plan of
 * 1,000,000), not as objects (~300 bytes each); larger ranges are read each time.
 */
export const CALENDAR_KEPT_EVENTS = 400_000

const wallText = storedText.max(40)
const common = {
  filter: filterSchema.default({}),
  by: z.enum(['dates', 'reminder']).default('dates'),
  now: instantSchema,
  firstDay: z.number().int().min(0).max(6).default(1),
  completedStatus: storedText.max(200).default('Completed'),
  priorities: z.array(storedText.max(200)).max(100).default([]),
}
const calendarSchema = z.strictObject({
  ...common,
  from: wallText,
  to: wallText,
  perDay: z.number().int().min(0).max(200).default(3),
  locate: z.number().int().optional(),
})
const daySchema = z.strictObject({
  ...common,
  day: wallText,
  offset: z.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.number().int().min(1).max(1000).default(100),
})

/**
 * The facts of a range's events as columns: what `subjects` reads, kept compact (a date as a
 * number, `NaN` for none). `subjectsOf` gives them back as the digest reads them.
 */
interface FactsTable {
  ids: Int32Array
  /** The priority's place in the list asked with (1 = first), 0 for one it does not name. */
  places: Uint16Array
  due: Float64Array
  next: Float64Array
  start: Float64Array
  end: Float64Array
  updated: Float64Array
  /** 1: a reminder is set; 2: completed. */
  flags: Uint8Array
}

const REMINDER = 1
const COMPLETED = 2

function factsTable(lines: readonly string[]): FactsTable {
  const n = lines.length
  const table: FactsTable = {
    ids: new Int32Array(n),
    places: new Uint16Array(n),
    due: new Float64Array(n),
    next: new Float64Array(n),
    start: new Float64Array(n),
    end: new Float64Array(n),
    updated: new Float64Array(n),
    flags: new Uint8Array(n),
  }
  const date = (ms: number | null) => (ms === null ? Number.NaN : ms)
  lines.forEach((text, i) => {
    const [id, place, ...columns] = text.split(',')
    const facts = factsOfRow(factColumnsOfText(columns))
    table.ids[i] = Number(id)
    table.places[i] = Number(place)
    table.due[i] = date(facts.due)
    table.next[i] = date(facts.next)
    table.start[i] = date(facts.start)
    table.end[i] = date(facts.end)
    table.updated[i] = date(facts.updated)
    table.flags[i] = (facts.reminder ? REMINDER : 0) | (facts.completed ? COMPLETED : 0)
  })
  return table
}

/**
 * `table` with the events of `changed` as `fresh` has them: those it no longer takes left out,
 * those it takes now added (the digest's order does not depend on the table's).
 */
function patchedTable(
  table: FactsTable,
  changed: ReadonlySet<number>,
  fresh: FactsTable,
): FactsTable {
  const kept: number[] = []
  for (let i = 0; i < table.ids.length; i++) if (!changed.has(table.ids[i]!)) kept.push(i)
  if (kept.length === table.ids.length && fresh.ids.length === 0) return table
  const n = kept.length + fresh.ids.length
  function column<C extends FactsTable[keyof FactsTable]>(old: C, added: C): C {
    const out = new (old.constructor as new (length: number) => C)(n)
    kept.forEach((from, to) => (out[to] = old[from]!))
    added.forEach((value, i) => (out[kept.length + i] = value))
    return out
  }
  return {
    ids: column(table.ids, fresh.ids),
    places: column(table.places, fresh.places),
    due: column(table.due, fresh.due),
    next: column(table.next, fresh.next),
    start: column(table.start, fresh.start),
    end: column(table.end, fresh.end),
    updated: column(table.updated, fresh.updated),
    flags: column(table.flags, fresh.flags),
  }
}

/** Each event of `table` as the digest reads it (new objects each time: the digest keeps some). */
function* subjectsOf(
  table: FactsTable,
  priorities: readonly string[],
): Generator<DigestSubject<DigestEvent>> {
  const date = (ms: number) => (Number.isNaN(ms) ? null : ms)
  for (let i = 0; i < table.ids.length; i++)
    yield {
      // A priority the list does not name ranks as none does (`importanceOf`).
      event: { event_ID: table.ids[i]!, priority: priorities[table.places[i]! - 1] ?? null },
      facts: {
        due: date(table.due[i]!),
        next: date(table.next[i]!),
        reminder: (table.flags[i]! & REMINDER) !== 0,
        start: date(table.start[i]!),
        end: date(table.end[i]!),
        updated: date(table.updated[i]!),
        completed: (table.flags[i]! & COMPLETED) !== 0,
      },
    }
}

type Parsed<S extends z.ZodType> = { ok: true; value: z.output<S> } | { ok: false; why: string }
function read<S extends z.ZodType>(schema: S, body: unknown): Parsed<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
  return { ok: false, why: `The question is not one the server reads (at ${where}).` }
}

export function eventCalendarRoutes(
  storage: Storage,
  scopeFor: ScopeFor = () => null,
  answers: AnswerCache = createAnswerCache(),
  { maxEvents = CALENDAR_MAX_EVENTS } = {},
) {
  const app = new Hono<{ Variables: { caller: Caller } }>()

  /**
   * The readable events `filter` takes that may be placed in `placed` (`placedNearSql`: a wider
   * net, which `dayDigest` and `dayEvents` narrow by the model's own `placementOf`), with their
   * facts: each event's ID, priority and facts only (`factColumnsTextSql`), never its record, which
   * `withRecords` reads for the few a view is sent.
   */
  async function subjects(
    caller: Caller,
    filter: EventFilter,
    placed: NonNullable<EventFilter['placed']>,
    now: Date,
    q: { firstDay: number; completedStatus: string; priorities: readonly string[] },
  ): Promise<Iterable<DigestSubject<DigestEvent>> | 'too-many'> {
    const { placed: _, ...rest } = filter
    const sql = compileFilterSql(rest, now, q.firstDay, {
      completedStatus: q.completedStatus,
      firstParam: 2,
    })
    const near = placedNearSql(placed, 2 + sql.params.length)
    const scoped = scopeSql(scopeFor(caller), 2 + sql.params.length + near.params.length)
    const params = [caller.database, ...sql.params, ...near.params, ...scoped.params]
    // One text of every event taken (ID, priority's place in the list, facts), not rows.
    const order = `$${params.length + 1}::text[]`
    const line = `event_id || ',' || coalesce(array_position(${order}, priority), 0) || ',' || ${factColumnsTextSql(`$${params.length + 2}::text`)}`
    const select = (narrow = '') => `SELECT string_agg(line, ';') AS taken FROM (
         SELECT ${line} AS line FROM mirror_events
         WHERE database = $1 AND readable AND (${sql.where}) AND ${near.where} AND ${scoped.where}${narrow}
         LIMIT ${maxEvents + 1}) AS taken`
    const values = [...params, q.priorities, statusKey(q.completedStatus)]
    const linesOf = async (statement: string, values: unknown[]) => {
      const { rows } = await storage.query<{ taken: string | null }>(statement, values)
      return rows[0]?.taken ? rows[0].taken.split(';') : []
    }
    const statement = select()
    const compute = async (): Promise<FactsTable | 'too-many'> => {
      const lines = await linesOf(statement, values)
      return lines.length > maxEvents ? 'too-many' : factsTable(lines)
    }
    // Shared by every caller asking the same (read only: the digests make new objects), and
    // after a change brought up to date by reading the changed events alone.
    const found = await answers.get(
      caller.database,
      JSON.stringify(['calendar facts', statement, values]),
      compute,
      'event',
      {
        // One compared with now itself is another answer at the next instant: not kept.
        keep: (found) =>
          !sql.movesWithNow && (found === 'too-many' || found.ids.length <= CALENDAR_KEPT_EVENTS),
        patch: async (found, changedIds) => {
          if (found === 'too-many') return compute()
          const ids = changedIds.map(Number).filter(Number.isInteger)
          const narrow = ` AND event_id = ANY($${values.length + 1}::integer[])`
          const fresh = factsTable(await linesOf(select(narrow), [...values, ids]))
          const patched = patchedTable(found, new Set(ids), fresh)
          return patched.ids.length > maxEvents ? 'too-many' : patched
        },
      },
    )
    return found === 'too-many' ? found : subjectsOf(found, q.priorities)
  }

  /** The drawn events with their records (one the mirror no longer holds is left out). */
  async function withRecords(
    caller: Caller,
    drawn: readonly DrawnEvent<DigestEvent>[],
  ): Promise<DrawnEvent[]> {
    if (drawn.length === 0) return []
    const { rows } = await storage.query<{ record: unknown }>(
      `SELECT record FROM mirror_events WHERE database = $1 AND event_id = ANY($2::integer[])`,
      [caller.database, drawn.map((d) => d.event.event_ID)],
    )
    const records = new Map<number, Event>()
    for (const { record } of rows) {
      const event = eventSchema.safeParse(record)
      if (event.success) records.set(event.data.event_ID, event.data)
    }
    return drawn.flatMap((d) => {
      const event = records.get(d.event.event_ID)
      return event ? [{ event, placement: d.placement }] : []
    })
  }

  /**
   * How many readable events `filter` takes have no date to be placed by (`datelessSql`): their
   * IDs are kept until the events change, then brought up to date by reading the changed events
   * alone, so a month asked after a change does not count every event of the plan again.
   */
  async function unplacedOf(
    caller: Caller,
    filter: EventFilter,
    by: 'dates' | 'reminder',
    now: Date,
    q: { firstDay: number; completedStatus: string },
  ): Promise<number> {
    const { placed: _, ...rest } = filter
    const options = { completedStatus: q.completedStatus }
    const sql = compileFilterSql(rest, now, q.firstDay, { ...options, firstParam: 2 })
    const dateless = datelessSql(by, { ...options, firstParam: 2 + sql.params.length })
    const scoped = scopeSql(scopeFor(caller), 2 + sql.params.length + dateless.params.length)
    const values = [caller.database, ...sql.params, ...dateless.params, ...scoped.params]
    const select = (narrow = '') =>
      `SELECT string_agg(event_id::text, ',') AS ids FROM mirror_events
       WHERE database = $1 AND readable AND (${sql.where}) AND ${dateless.where}
         AND ${scoped.where}${narrow}`
    const idsOf = async (statement: string, values: unknown[]) => {
      const { rows } = await storage.query<{ ids: string | null }>(statement, values)
      return Int32Array.from(rows[0]?.ids ? rows[0].ids.split(',') : [], Number)
    }
    const statement = select()
    const ids = await answers.get(
      caller.database,
      JSON.stringify(['unplaced', statement, values]),
      () => idsOf(statement, values),
      'event',
      {
        keep: (ids) => !sql.movesWithNow && ids.length <= CALENDAR_KEPT_EVENTS,
        patch: async (ids, changedIds) => {
          const changed = changedIds.map(Number).filter(Number.isInteger)
          const narrow = ` AND event_id = ANY($${values.length + 1}::integer[])`
          const fresh = await idsOf(select(narrow), [...values, changed])
          const gone = new Set(changed)
          return Int32Array.from([...ids.filter((id) => !gone.has(id)), ...fresh])
        },
      },
    )
    return ids.length
  }

  const audit = (caller: Caller, operation: string, detail: Record<string, unknown>) =>
    recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation,
        database: caller.database,
        recordType: 'event',
        recordId: null,
        status: 200,
        activityId: null,
        detail,
      },
    ])

  app.post('/events/calendar', async (c) => {
    const caller = c.get('caller')
    const q = read(calendarSchema, await c.req.json().catch(() => undefined))
    if (!q.ok) return c.json(refusal(400, q.why), 400)
    const { filter, by, from, to } = q.value
    const now = new Date(q.value.now)
    const [start, end] = [parseServiceDate(from)?.getTime(), parseServiceDate(to)?.getTime()]
    if (start === undefined || end === undefined || end <= start || Number.isNaN(now.getTime()))
      return c.json(refusal(400, 'from, to and now must be dates, from before to.'), 400)
    try {
      // Those the filter takes that have no date to be placed by, asked beside the range (a
      // Postgres server answers both at once).
      const [found, unplaced] = await Promise.all([
        subjects(caller, filter, { from, to, by }, now, q.value),
        unplacedOf(caller, filter, by, now, q.value),
      ])
      if (found === 'too-many')
        return c.json(
          refusal(422, `More than ${maxEvents} events fall in this range: narrow it.`),
          422,
        )
      const digest = dayDigest(found, {
        from: start,
        to: end,
        by,
        now: now.getTime(),
        priorityOrder: q.value.priorities,
        perDay: q.value.perDay,
        locate: q.value.locate,
      })
      await audit(caller, 'POST /console-api/events/calendar', { from, to, placed: digest.placed })
      const drawn = await withRecords(caller, digest.drawn)
      return c.json({ data: { ...digest, drawn, unplaced } })
    } catch (error) {
      if (!(error instanceof FilterNotInSql)) throw error
      return c.json(refusal(400, error.message), 400)
    }
  })

  app.post('/events/day', async (c) => {
    const caller = c.get('caller')
    const q = read(daySchema, await c.req.json().catch(() => undefined))
    if (!q.ok) return c.json(refusal(400, q.why), 400)
    const { filter, by } = q.value
    const now = new Date(q.value.now)
    const day = parseServiceDate(q.value.day)
    if (!day || Number.isNaN(now.getTime()))
      return c.json(refusal(400, 'day and now must be dates.'), 400)
    const placed = {
      from: formatServiceDate(startOfDay(day)),
      to: formatServiceDate(startOfDay(day, 1)),
      by,
    }
    try {
      const found = await subjects(caller, filter, placed, now, q.value)
      if (found === 'too-many')
        return c.json(refusal(422, `More than ${maxEvents} events fall on this day.`), 422)
      const all = dayEvents(found, {
        day: day.getTime(),
        by,
        now: now.getTime(),
        priorityOrder: q.value.priorities,
      })
      const rows = await withRecords(
        caller,
        all.slice(q.value.offset, q.value.offset + q.value.limit),
      )
      await audit(caller, 'POST /console-api/events/day', { day: placed.from, count: rows.length })
      return c.json({ data: { total: all.length, rows } })
    } catch (error) {
      if (!(error instanceof FilterNotInSql)) throw error
      return c.json(refusal(400, error.message), 400)
    }
  })
  return app
}
