import { Hono } from 'hono'
import { z } from 'zod'
import type { Event } from '../../src/api/schemas/event'
import {
  eventSearchRank,
  searchQuery,
  type EventFilter,
  type SearchRank,
} from '../../src/features/events/model/filter'
import { COMPLETED_SORT, SORT_DATE_FACTS } from '../../src/features/events/model/sort-value'
import {
  compileFilterSql,
  dateSql,
  FilterNotInSql,
  nowCrossingSql,
} from '../../src/features/events/model/filter-sql'
import { createAnswerCache, type AnswerCache } from '../answer-cache'
import { recordAudit } from '../audit'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { scopeSql, type ScopeFor } from '../scope'

/*
 * `POST /console-api/events/query`: the events of the caller's database that an `EventFilter`
 * takes, counted, sorted and paged by the server from its mirror, with the meaning the console
 * gives the filter (`compileFilterSql`, beside the model's `compileFilter`). A POST with a JSON
 * body, as a filter does not fit a query string. Days, weeks and the service's zone-less dates
 * are read in this server's time zone (TZ): run it in the team's. Each answer is one audit entry.
 */

/**
 * Text as Postgres holds it: a NUL is refused here (no stored value can hold one, and Postgres
 * refuses it in a question), with where it was, as any other field the server does not read.
 */
export const storedText = z.string().refine((s) => !s.includes('\u0000'), 'holds a NUL')
/** An instant: ISO 8601 with a zone, or milliseconds within what a date can be (±8.64e15). */
export const instantSchema = z.union([
  z.iso.datetime({ offset: true }),
  z.number().int().min(-8.64e15).max(8.64e15),
])
/** The most rows a page may start past: the largest integer Postgres's OFFSET is given. */
const MAX_OFFSET = 2_147_483_647

const words = z.array(storedText).optional()

/** An `EventFilter` as JSON (strict: a field the server does not know is refused). */
export const filterSchema = z.strictObject({
  status: words,
  priority: words,
  type: words,
  user: words,
  group: z.array(z.number()).optional(),
  not: z.strictObject({ status: words, priority: words, type: words }).optional(),
  unassigned: z.boolean().optional(),
  inGroups: z.array(z.number()).optional(),
  enteredBy: words,
  updatedSince: storedText.optional(),
  due: z
    .union([
      z.enum(['overdue', 'snoozed', 'today', 'week']),
      z.strictObject({ from: storedText.optional(), to: storedText.optional() }),
    ])
    .optional(),
  reminderDue: z.boolean().optional(),
  completed: z.boolean().optional(),
  text: storedText.optional(),
  placed: z
    .strictObject({ from: storedText, to: storedText, by: z.enum(['dates', 'reminder']) })
    .optional(),
  mentionsAuth: z.union([storedText, z.literal(true)]).optional(),
}) satisfies z.ZodType<EventFilter>

/**
 * A field a query sorts by: any of the event's (`priority` by the service's list, dates by
 * their instant, text as the list sorts it), or `completed` (the model's `sortValue`).
 */
const sortField = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)
export type QuerySortField = string

export const QUERY_MAX_PAGE_SIZE = 1000
/** The most unreadable events named to the views (there are few, or the service is broken). */
export const UNREADABLE_NAMED = 10_000

export const eventQuerySchema = z.strictObject({
  filter: filterSchema.default({}),
  /** The instant the filter's "now" is (ISO 8601 with a zone, or milliseconds). */
  now: instantSchema,
  /** The week's first day of the display locale (0 Sunday, 1 Monday). */
  firstDay: z.number().int().min(0).max(6).default(1),
  /** The runtime config's completed status (`isCompleted`). */
  completedStatus: storedText.default('Completed'),
  /** The service's priorities, lowest first (`GET /priorities`, as `importance` reads them). */
  priorities: z.array(storedText).default([]),
  sort: z
    .array(
      z.strictObject({
        field: sortField,
        direction: z.enum(['asc', 'desc']).default('asc'),
      }),
    )
    .default([]),
  page: z
    .number()
    .int()
    .min(1)
    .max(MAX_OFFSET / QUERY_MAX_PAGE_SIZE)
    .default(1),
  pageSize: z.number().int().min(1).max(QUERY_MAX_PAGE_SIZE).default(100),
  /** Rows from this position (0-based) instead of `page`; with `limit` instead of `pageSize`. */
  offset: z.number().int().min(0).max(MAX_OFFSET).optional(),
  /** 0: the total alone, no rows (a count a view shows without its events). */
  limit: z.number().int().min(0).max(QUERY_MAX_PAGE_SIZE).optional(),
  /** `relevance`: the best answers to the filter's text first (`eventSearchRank`), each rank in
   * the order of `sort`; the answer then carries each row's rank. */
  rank: z.literal('relevance').optional(),
  /** `ids`: the IDs of every match in order, unpaged (a bulk change's "all matching"). */
  select: z.enum(['records', 'ids']).default('records'),
})
/** A query as sent (the filter being the model's own type). */
export type EventQuery = Omit<z.input<typeof eventQuerySchema>, 'filter'> & { filter?: EventFilter }

/**
 * The ORDER BY of a query, the model's `sortValue` and `compareSortValues` in SQL: each field in
 * its direction, an empty value last either way, then the event ID. `param` adds a parameter and
 * answers its placeholder; `completed` is the completed rule's condition.
 */
function orderBy(
  sort: readonly { field: QuerySortField; direction: 'asc' | 'desc' }[],
  priorities: readonly string[],
  param: (value: unknown, type: string) => string,
  completed: () => string,
): string {
  const terms: string[] = []
  const seen = new Set<string>()
  for (const { field, direction } of sort) {
    if (seen.has(field)) continue
    seen.add(field)
    const dir = `${direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`
    if (field === 'event_ID') terms.push(`event_id ${dir}`)
    else if (field === 'priority') {
      // The position in the service's list (lowest first); a code it does not name, or none,
      // is an empty value.
      const order = param(priorities, 'text[]')
      terms.push(`array_position(${order}, priority) - 1 ${dir}`)
    } else if (field === COMPLETED_SORT)
      terms.push(`CASE WHEN ${completed()} THEN 1 ELSE 0 END ${dir}`)
    else if (Object.hasOwn(SORT_DATE_FACTS, field))
      terms.push(`${dateSql(field as keyof typeof SORT_DATE_FACTS)} ${dir}`)
    else {
      // A yes/no as 1/0, a number as itself, text as `sortText` wrote it (`sort_text`).
      const name = param(field, 'text')
      terms.push(
        `CASE jsonb_typeof(record->${name}) WHEN 'number' THEN (record->>${name})::float8 ` +
          `WHEN 'boolean' THEN CASE WHEN (record->>${name})::boolean THEN 1 ELSE 0 END END ${dir}`,
        `(sort_text->>${name}) COLLATE "C" ${dir}`,
      )
    }
  }
  if (!seen.has('event_ID')) terms.push('event_id ASC')
  return terms.join(', ')
}

export function eventQueryRoutes(
  storage: Storage,
  scopeFor: ScopeFor = () => null,
  answers: AnswerCache = createAnswerCache(),
) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.post('/events/query', async (c) => {
    const caller = c.get('caller')
    const body: unknown = await c.req.json().catch(() => undefined)
    const parsed = eventQuerySchema.safeParse(body)
    if (!parsed.success) {
      // Only the places of the problems: a message could quote the request.
      const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
      return c.json(refusal(400, `The query is not one the server reads (at ${where}).`), 400)
    }
    const query = parsed.data
    const now = new Date(query.now)
    if (Number.isNaN(now.getTime())) return c.json(refusal(400, 'now is not an instant.'), 400)
    let filter
    try {
      filter = compileFilterSql(query.filter, now, query.firstDay, {
        completedStatus: query.completedStatus,
        firstParam: 2,
      })
    } catch (error) {
      if (!(error instanceof FilterNotInSql)) throw error
      return c.json(refusal(400, error.message), 400)
    }
    const params: unknown[] = [caller.database, ...filter.params]
    const param = (value: unknown, type: string) => {
      params.push(value)
      return `$${params.length}::${type}`
    }
    // Only events the console can read: its index never holds another (it names them apart),
    // so a total here is the index's total.
    // Only the events the caller's role finds (`EVENT_SCOPE`), counted and sorted alike.
    const scoped = scopeSql(scopeFor(caller), params.length + 1)
    params.push(...scoped.params)
    const where = `database = $1 AND readable AND (${filter.where}) AND ${scoped.where}`
    const completed = () => {
      const sql = compileFilterSql({ completed: true }, now, query.firstDay, {
        completedStatus: query.completedStatus,
        firstParam: params.length + 1,
      })
      params.push(...sql.params)
      return sql.where
    }
    const order = orderBy(query.sort, query.priorities, param, completed)
    // The count depends on the condition and its values alone (not on the sort or the page),
    // so one count serves every page, sort and reload until the events change.
    const whereParams = params.slice(0, 1 + filter.params.length + scoped.params.length)
    // A filter that moves with now (overdue, snoozed): its count and first pages kept with the
    // instant they were made at and carried to this one (`carriedQuestion`).
    const carried = filter.movesWithNow
      ? carriedQuestion(storage, now.getTime(), (t) => {
          const at = compileFilterSql(query.filter, new Date(t), query.firstDay, {
            completedStatus: query.completedStatus,
            firstParam: 2,
          })
          return {
            where: `database = $1 AND readable AND (${at.where}) AND ${scoped.where}`,
            params: [caller.database, ...at.params, ...scoped.params],
          }
        })
      : null
    // Counted while the rows are read: a Postgres server answers both at once (the embedded
    // one in turn). Awaited before any answer, so a failed count is never left unheard.
    const counting = carried
      ? carriedCount(answers, caller.database, carried, () => countOf(storage, where, whereParams))
      : countMatching(storage, answers, caller.database, where, whereParams)
    counting.catch(() => undefined)
    if (query.select === 'ids') {
      const { rows: ids } = await storage.query<{ event_id: number }>(
        `SELECT event_id FROM mirror_events WHERE ${where} ORDER BY ${order}`,
        params,
      )
      return c.json({ data: { ids: ids.map((r) => r.event_id), total: await counting } })
    }
    const from = query.offset ?? (query.page - 1) * query.pageSize
    const count = query.limit ?? query.pageSize
    let rows: { record: Record<string, unknown> }[]
    let ranks: SearchRank[] | undefined
    if (count === 0) {
      rows = []
    } else if (query.rank === 'relevance' && query.filter.text?.trim()) {
      // Every match in the order of `sort`, ranked by the model (`eventSearchRank` over the
      // subject as search folds it), each rank keeping that order; then the window's records.
      const { rows: found } = await storage.query<{ event_id: number; words: string | null }>(
        `SELECT event_id, subject_words AS words FROM mirror_events WHERE ${where}
         ORDER BY ${order}`,
        params,
      )
      const q = searchQuery(query.filter.text)
      const buckets: number[][] = [[], [], []]
      for (const f of found)
        buckets[
          eventSearchRank({ event: { event_ID: f.event_id } as Event, words: f.words ?? '' }, q) ??
            2
        ]!.push(f.event_id)
      const [exact, starts] = [buckets[0]!.length, buckets[0]!.length + buckets[1]!.length]
      const ids = buckets.flat().slice(from, from + count)
      ranks = ids.map((_, i) => (from + i < exact ? 0 : from + i < starts ? 1 : 2))
      rows = await recordsInOrder(storage, caller.database, ids)
    } else if (from + count <= PAGE_KEPT_UNTIL) {
      // A page near the top (a list's opening, its first pages): its IDs kept until the events
      // change, as the count is, keyed by everything that orders it; the records read by ID.
      const readPage = async () => {
        const limit = param(count, 'integer')
        const offset = param(from, 'integer')
        const { rows: found } = await storage.query<{ event_id: number }>(
          `SELECT event_id FROM mirror_events WHERE ${where} ORDER BY ${order}
           LIMIT ${limit} OFFSET ${offset}`,
          params,
        )
        return found.map((r) => r.event_id)
      }
      const orderParams = params.slice(whereParams.length)
      const ids = carried
        ? await carriedPage(
            answers,
            caller.database,
            carried,
            JSON.stringify([order, orderParams, from, count]),
            readPage,
          )
        : await answers.get(
            caller.database,
            JSON.stringify(['page', where, order, params, from, count]),
            readPage,
          )
      rows = await recordsInOrder(storage, caller.database, ids)
    } else {
      const limit = param(count, 'integer')
      const offset = param(from, 'integer')
      ;({ rows } = await storage.query<{ record: Record<string, unknown> }>(
        `SELECT record FROM mirror_events WHERE ${where} ORDER BY ${order}
         LIMIT ${limit} OFFSET ${offset}`,
        params,
      ))
    }
    const total = await counting
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: 'POST /console-api/events/query',
        database: caller.database,
        recordType: 'event',
        recordId: null,
        status: 200,
        activityId: null,
        detail: { count: rows.length, total, page: query.page, pageSize: query.pageSize },
      },
    ])
    return c.json({
      data: { rows: rows.map((r) => r.record), total, offset: from, ...(ranks ? { ranks } : {}) },
    })
  })

  // The records of these IDs the mirror holds and the console can read, in the order asked
  // (a bulk change's rows, an event to locate): each answer one audit entry, naming them.
  app.post('/events/records', async (c) => {
    const caller = c.get('caller')
    const parsed = recordsSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return c.json(refusal(400, 'ids must be a list of at most 1000 event IDs.'), 400)
    const scoped = scopeSql(scopeFor(caller), 3)
    const { rows } = await storage.query<{ event_id: number; record: Record<string, unknown> }>(
      `SELECT event_id, record FROM mirror_events
       WHERE database = $1 AND readable AND event_id = ANY($2::integer[]) AND ${scoped.where}`,
      [caller.database, parsed.data.ids, ...scoped.params],
    )
    const byId = new Map(rows.map((r) => [r.event_id, r.record]))
    const found = parsed.data.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: 'POST /console-api/events/records',
        database: caller.database,
        recordType: 'event',
        recordId: null,
        status: 200,
        activityId: null,
        detail: { ids: parsed.data.ids.slice(0, 1000) },
      },
    ])
    return c.json({ data: found })
  })

  // The IDs of the events the mirror holds that the console cannot read (the contract refuses
  // them): the views name them as left out, as the browser's index does. IDs only.
  app.post('/events/unreadable', async (c) => {
    const caller = c.get('caller')
    const scoped = scopeSql(scopeFor(caller), 2)
    const params = [caller.database, ...scoped.params]
    const ids = await answers.get(
      caller.database,
      JSON.stringify(['unreadable', params]),
      async () => {
        const { rows } = await storage.query<{ event_id: number }>(
          `SELECT event_id FROM mirror_events WHERE database = $1 AND NOT readable AND ${scoped.where}
         ORDER BY event_id LIMIT ${UNREADABLE_NAMED}`,
          params,
        )
        return rows.map((r) => r.event_id)
      },
    )
    return c.json({ data: { ids } })
  })

  // Values in use, with how many events have each (the list's filter choices): over every
  // event the console can read, as the index counts them.
  app.post('/events/facets', async (c) => {
    const caller = c.get('caller')
    const column = {
      types: 'event_type',
      statuses: 'status',
      users: 'user_id',
      priorities: 'priority',
      groups: 'user_group_key',
    } as const
    const scoped = scopeSql(scopeFor(caller), 2)
    const params = [caller.database, ...scoped.params]
    const facets = await answers.get(caller.database, JSON.stringify(['facets', params]), () =>
      valuesInUse(storage, column, scoped.where, params),
    )
    return c.json({ data: facets })
  })

  // The open work per person and per group (the model's `countWorkload`): open is the filter
  // `{ completed: false }`, overdue `{ due: 'overdue' }`, this week `{ due: 'week' }`, each
  // compiled by `compileFilterSql`, so the counts mean what the index's mean.
  app.post('/events/workload', async (c) => {
    const caller = c.get('caller')
    const parsed = workloadSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
      return c.json(refusal(400, `The question is not one the server reads (at ${where}).`), 400)
    }
    const now = new Date(parsed.data.now)
    const params: unknown[] = [caller.database]
    const compile = (filter: EventFilter) => {
      const sql = compileFilterSql(filter, now, parsed.data.firstDay, {
        completedStatus: parsed.data.completedStatus,
        firstParam: params.length + 1,
      })
      params.push(...sql.params)
      return sql.where
    }
    const open = compile({ completed: false })
    const overdue = compile({ due: 'overdue' })
    const week = compile({ due: 'week' })
    const counts = `count(*) AS open, count(*) FILTER (WHERE ${overdue}) AS overdue,
      count(*) FILTER (WHERE ${week}) AS week,
      count(*) FILTER (WHERE coalesce(user_id, '') = '') AS unclaimed`
    const scoped = scopeSql(scopeFor(caller), params.length + 1)
    params.push(...scoped.params)
    type Row = {
      by_group: number
      person: string | null
      group_key: number | null
      open: string
      overdue: string
      week: string
      unclaimed: string
    }
    // People and groups in one pass over the open events; kept until the events change (the
    // console asks with its minute as now, so a team opening the page together asks once).
    const rows = await answers.get(
      caller.database,
      JSON.stringify(['workload', params]),
      async () =>
        (
          await storage.query<Row>(
            `SELECT GROUPING(user_id) AS by_group, user_id AS person,
               user_group_key AS group_key, ${counts}
             FROM mirror_events
             WHERE database = $1 AND readable AND (${open}) AND ${scoped.where}
             GROUP BY GROUPING SETS ((user_id), (user_group_key))
             ORDER BY by_group, user_id COLLATE "C", user_group_key`,
            params,
          )
        ).rows,
    )
    const load = (r: Row) => ({
      open: Number(r.open),
      overdue: Number(r.overdue),
      dueThisWeek: Number(r.week),
    })
    const people = rows.filter((r) => Number(r.by_group) === 0 && r.person)
    const groups = rows.filter((r) => Number(r.by_group) === 1 && r.group_key !== null)
    return c.json({
      data: {
        people: people.map((r) => [r.person, load(r)]),
        groups: groups.map((r) => [
          Number(r.group_key),
          { ...load(r), unclaimed: Number(r.unclaimed) },
        ]),
      },
    })
  })
  return app
}

/**
 * Pages ending by this row have their IDs kept (`answers`) until the events change; deeper
 * pages, rarely asked twice, are read each time.
 */
const PAGE_KEPT_UNTIL = 500

/** The records of `ids` in that order (one the mirror no longer holds left out). */
async function recordsInOrder(storage: Storage, database: string, ids: readonly number[]) {
  if (ids.length === 0) return []
  const { rows } = await storage.query<{ event_id: number; record: Record<string, unknown> }>(
    `SELECT event_id, record FROM mirror_events WHERE database = $1 AND event_id = ANY($2)`,
    [database, [...ids]],
  )
  const byId = new Map(rows.map((r) => [r.event_id, r.record]))
  return ids.flatMap((id) => (byId.has(id) ? [{ record: byId.get(id)! }] : []))
}

/**
 * How many events `where` takes (`params` its values, `$1` the database), kept until the events
 * change. The key is the condition and its values alone, so the list's pages and sorts and the
 * calendar's counts share one count.
 */
export function countMatching(
  storage: Storage,
  answers: AnswerCache,
  database: string,
  where: string,
  params: readonly unknown[],
): Promise<number> {
  return answers.get(database, JSON.stringify(['count', where, params]), () =>
    countOf(storage, where, params),
  )
}

async function countOf(storage: Storage, where: string, params: readonly unknown[]) {
  const { rows } = await storage.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM mirror_events WHERE ${where}`,
    [...params],
  )
  return Number(rows[0]?.n ?? 0)
}

/*
 * A filter that moves with now (overdue, snoozed) is another question at each minute the console
 * asks it with, and counting it again reads most events (0.4–1.2 s at 1,000,000). Between two
 * instants its answer differs only for the events `nowCrossingSql` names (due, or ringing, between
 * them): a few. So its count and first pages are kept with the instant they were made at, under
 * a key without that instant, and a question at another instant reads only those events, at both
 * instants: the count moves by the difference, and a page stands when none came or went (it is
 * read again when one did). Kept, like every answer, only until the events change.
 */

/** Instants further apart than this are not carried between: the question is asked again. */
export const CARRY_MOST_MS = 24 * 60 * 60_000
/** More events due or ringing between the two instants than this, and it is asked again. */
export const CARRY_MOST_EVENTS = 5_000

/** A question that moves with now, asked at `now`. */
interface CarriedQuestion {
  now: number
  /** The condition and its values without now: the same for the question at any instant. */
  key: string
  /**
   * The events matching at `from` and at now among those that can differ (read once each); null
   * when more than `CARRY_MOST_EVENTS` can.
   */
  crossing(from: number): Promise<{ before: Set<number>; after: Set<number> } | null>
}

/**
 * `whereAt(t)`: the condition at instant t and its values (`$1` the database, as every
 * condition of this route has it). Null when it
 * cannot be carried: compiled a millisecond later it differs by more than now itself (a day's
 * bounds crossing midnight), so its key would not say what it asks.
 */
function carriedQuestion(
  storage: Storage,
  now: number,
  whereAt: (t: number) => { where: string; params: unknown[] },
): CarriedQuestion | null {
  const here = whereAt(now)
  const later = whereAt(now + 1)
  if (here.where !== later.where || here.params.length !== later.params.length) return null
  // A value that is now itself (or a millisecond before it: overdue's window) moves with it;
  // any other stays. (A value further from now, "due within the hour" say, would be compared
  // with events `nowCrossingSql` does not read: such a filter is not carried.)
  const moves = here.params.map(
    (p, i) => (p === now || p === now - 1) && later.params[i] === (p as number) + 1,
  )
  const still = here.params.map((p, i) => (moves[i] ? null : p))
  if (
    here.params.some((p, i) => !moves[i] && JSON.stringify(p) !== JSON.stringify(later.params[i]))
  )
    return null
  /**
   * Those of `ids` the condition takes. (Asked by ID: with the crossing condition beside the
   * filter's own, Postgres may read every event of a person's to find the few.)
   */
  const read = async (at: { where: string; params: unknown[] }, ids: number[]) => {
    const { rows } = await storage.query<{ event_id: number }>(
      `SELECT event_id FROM mirror_events
       WHERE ${at.where} AND event_id = ANY($${at.params.length + 1}::bigint[])`,
      [...at.params, ids],
    )
    return new Set(rows.map((r) => Number(r.event_id)))
  }
  /** The events due or ringing between `from` and now, by the due and next-date indexes. */
  const crossingIds = async (from: number) => {
    const params: unknown[] = [here.params[0]]
    const param = (value: unknown, type: string) => {
      params.push(value)
      return `$${params.length}::${type}`
    }
    const { rows } = await storage.query<{ event_id: number }>(
      nowCrossingSql(from, now, param)
        .map((range) => `SELECT event_id FROM mirror_events WHERE database = $1 AND ${range}`)
        .join(' UNION ALL '),
      params,
    )
    return [...new Set(rows.map((r) => Number(r.event_id)))]
  }
  const asked = new Map<number, Promise<{ before: Set<number>; after: Set<number> } | null>>()
  return {
    now,
    key: JSON.stringify([here.where, still]),
    crossing(from) {
      let found = asked.get(from)
      if (!found) {
        found = (async () => {
          const ids = await crossingIds(from)
          if (ids.length === 0) return { before: new Set<number>(), after: new Set<number>() }
          // Many (a day of date-only due dates, all at midnight): asked afresh instead.
          if (ids.length > CARRY_MOST_EVENTS) return null
          return { before: await read(whereAt(from), ids), after: await read(here, ids) }
        })()
        asked.set(from, found)
      }
      return found
    },
  }
}

/** An answer kept with the instant it holds at. */
interface AtInstant<T> {
  now: number
  value: T
}

/**
 * The answer kept under `key` for the question at another instant, carried to this one by
 * `carry` (null: asked again by `make`), or made now; what is kept then holds at now.
 */
async function carriedAnswer<T>(
  answers: AnswerCache,
  database: string,
  question: CarriedQuestion,
  key: string,
  make: () => Promise<T>,
  carry: (value: T, crossing: { before: Set<number>; after: Set<number> }) => T | null,
): Promise<T> {
  const kept = await answers.get<AtInstant<T>>(database, key, async () => ({
    now: question.now,
    value: await make(),
  }))
  const { now: from, value } = kept
  if (from === question.now) return value
  const crossing =
    Math.abs(from - question.now) <= CARRY_MOST_MS ? await question.crossing(from) : null
  const carried = crossing && carry(value, crossing)
  // Not carried: made at this instant, shared with the same question asked meanwhile (a team's
  // consoles at the minute's turn) and kept for it.
  const answer = carried ?? (await answers.get(database, JSON.stringify([key, question.now]), make))
  // Kept for the next question, unless another has carried it meanwhile. (A change heard
  // meanwhile has let this one go: what is written to it then is never read.)
  if (kept.now === from) Object.assign(kept, { now: question.now, value: answer })
  return answer
}

/** `countMatching` for a question that moves with now. */
function carriedCount(
  answers: AnswerCache,
  database: string,
  question: CarriedQuestion,
  count: () => Promise<number>,
) {
  return carriedAnswer(
    answers,
    database,
    question,
    JSON.stringify(['count at', question.key]),
    count,
    (total, { before, after }) => total - before.size + after.size,
  )
}

/** A page's IDs for a question that moves with now: the same while no event came or went. */
function carriedPage(
  answers: AnswerCache,
  database: string,
  question: CarriedQuestion,
  page: string,
  read: () => Promise<number[]>,
) {
  const same = (a: Set<number>, b: Set<number>) =>
    a.size === b.size && [...a].every((x) => b.has(x))
  return carriedAnswer(
    answers,
    database,
    question,
    JSON.stringify(['page at', question.key, page]),
    read,
    (ids, { before, after }) => (same(before, after) ? ids : null),
  )
}

/**
 * Each column's values in use (empty ones left out) with their counts, in one pass over the
 * events: a grouping set per column, each in the byte order of its text.
 */
async function valuesInUse(
  storage: Storage,
  column: Record<string, string>,
  scoped: string,
  params: unknown[],
) {
  const names = Object.keys(column)
  const columns = Object.values(column)
  const which = columns.map((sql, i) => `CASE WHEN GROUPING(${sql}) = 0 THEN ${i} ELSE 0 END`)
  const { rows } = await storage.query<{ which: number; value: string | null; n: string | number }>(
    `SELECT which, value, n FROM (
       SELECT ${which.join(' + ')} AS which, user_group_key AS number,
         coalesce(${columns.map((sql) => `${sql}::text`).join(', ')}) AS value, count(*) AS n
       FROM mirror_events WHERE database = $1 AND readable AND ${scoped}
       GROUP BY GROUPING SETS (${columns.map((sql) => `(${sql})`).join(', ')})) AS used
     ORDER BY which, number, value COLLATE "C"`,
    params,
  )
  const facets: Record<string, [string | number, number][]> = Object.fromEntries(
    names.map((name) => [name, []]),
  )
  for (const r of rows) {
    if (r.value === null || r.value === '') continue
    const name = names[r.which]!
    facets[name]!.push([column[name] === 'user_group_key' ? Number(r.value) : r.value, Number(r.n)])
  }
  return facets
}

const recordsSchema = z.strictObject({
  ids: z.array(z.number().int().min(-2147483648).max(2147483647)).max(QUERY_MAX_PAGE_SIZE),
})

const workloadSchema = z.strictObject({
  now: instantSchema,
  firstDay: z.number().int().min(0).max(6).default(1),
  completedStatus: storedText.max(200).default('Completed'),
})
