import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { localInstant, parseServiceDate, serviceDateReading } from '../src/api/dates'
import { eventSchema, type Event } from '../src/api/schemas/event'
import { factsOf, statusKey } from '../src/features/events/model/facts'
import {
  caseNows,
  CASES_ZONE,
  EDGE_EVENTS,
  eventOf,
  FILTER_CASES,
  SEARCH_EVENTS,
} from '../src/features/events/model/filter-cases'
import { compileFilter, searchWords, type EventFilter } from '../src/features/events/model/filter'
import {
  compileFilterSql,
  nowCrossingSql,
  DATE_COLUMN_KEYS,
  DATE_COLUMNS,
  DATE_INSTANT_COLUMNS,
  type FactColumns,
  factColumnsOfText,
  factColumnsSql,
  factColumnsTextSql,
  factsOfRow,
  FilterNotInSql,
} from '../src/features/events/model/filter-sql'
import { authNumbersIn } from '../src/features/events/model/mentions'
import { countWorkload } from '../src/features/events/model/workload'
import { dayDigest, dayEvents } from '../src/features/events/model/day-digest'
import { startOfDay } from '../src/features/events/model/days'
import { formatServiceDate } from '../src/api/schemas/common'
import type { Storage } from './db/storage'
import { migrate, migrations } from './db/migrations'
import { instantRules, makeInstantsHere } from './db/filter-migration'
import type { Caller } from './gate'
import { upsertEvents, wallClockMs } from './mirror/store'
import { eventCalendarRoutes } from './routes/event-calendar'
import { eventQueryRoutes, type EventQuery, type QuerySortField } from './routes/event-query'
import { createConsoleServer, listen } from './server'
import { createEventIndex } from '../src/features/events/index/event-index'
import { openTestStorage, startService, storageKinds, type TestStorage } from './testing'

/*
 * One table of events and filters (the model's, filter-cases.ts) through both: the model's
 * `compileFilter` in memory, and `compileFilterSql` through the query route on real storage.
 * Both must take the same events, count them alike and sort them alike, at every edge of the
 * table, in a zone with clock changes, for weeks starting Sunday and Monday.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const zone = process.env.TZ
process.env.TZ = CASES_ZONE
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

const COMPLETED = 'Completed'
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT']
/** Text whose order depends on case, and empty text: the list's order folds case. */
const SORT_EVENTS: Event[] = [
  eventOf(201, { subject: 'banana split', status: 'open', event_Type: 'call', user_ID: 'Zed' }),
  eventOf(202, { subject: 'Banana bread', status: 'Open', event_Type: 'Call', user_ID: 'amy' }),
  eventOf(203, { subject: 'apple', status: 'OPEN', event_Type: '', user_ID: 'Amy' }),
  eventOf(204, { subject: 'Émile', status: 'Waiting', event_Type: 'task', user_ID: 'bo' }),
  eventOf(205, { subject: '', status: 'waiting', event_Type: 'Task', user_ID: '' }),
]
const events: Event[] = [...SEARCH_EVENTS, ...EDGE_EVENTS, ...SORT_EVENTS].map((e) =>
  eventSchema.parse(e),
)
const subjects = events.map((event) => ({
  event,
  facts: factsOf(event, COMPLETED),
  words: searchWords(event),
}))

type Sort = { field: QuerySortField; direction?: 'asc' | 'desc' }[]
const SORTS: Sort[] = [
  [],
  [{ field: 'due_Date' }],
  [
    { field: 'priority', direction: 'desc' },
    { field: 'due_Date', direction: 'desc' },
  ],
  [{ field: 'next_Scheduled_Date' }],
  [{ field: 'subject' }],
  [{ field: 'update_Date', direction: 'desc' }],
  [{ field: 'status' }, { field: 'user_ID', direction: 'desc' }],
  [{ field: 'priority' }, { field: 'start_Date' }],
  [{ field: 'completed' }, { field: 'subject', direction: 'desc' }],
  [{ field: 'reminder', direction: 'desc' }, { field: 'userGroup_Key' }],
  [{ field: 'entry_Date' }, { field: 'completion_Percent', direction: 'desc' }],
  [
    { field: 'event_Type', direction: 'desc' },
    { field: 'end_Date', direction: 'desc' },
  ],
]

/** The browser's own index of the same events, one per first day of the week. */
const indexes = new Map<number, ReturnType<typeof createEventIndex>>()
function indexOf(firstDay: number) {
  let index = indexes.get(firstDay)
  if (!index) {
    index = createEventIndex({ priorityOrder: PRIORITIES, completedStatus: COMPLETED, firstDay })
    index.upsert(events)
    indexes.set(firstDay, index)
  }
  return index
}

/** What the browser's index answers: the IDs in its order, and each row's rank when asked. */
function indexAnswer(filter: EventFilter, sort: Sort, now: Date, firstDay = 1, rank?: 'relevance') {
  const keys = sort.map(({ field, direction = 'asc' }) => ({ field, dir: direction }))
  const answer = indexOf(firstDay).query(filter, keys, now, undefined, { rank })
  return { ids: answer.rows.map((e) => e.event_ID), ranks: answer.ranks, total: answer.total }
}

const caller: Caller = {
  userId: 'support',
  name: 'Support',
  roles: [],
  groups: [],
  database: 'demo',
  tokenHash: 'test',
}

describe.each(storageKinds)('EventFilter in SQL, against the model (%s)', (kind) => {
  let t: TestStorage
  let storage: Storage
  let app: Hono<{ Variables: { caller: Caller } }>
  beforeAll(async () => {
    t = await openTestStorage(kind)
    storage = t.storage
    await migrate(storage, { auditRetentionDays: 30 })
    await storage.transaction((tx) => upsertEvents(tx, 'demo', events))
    // One the console cannot read (its reminder is no yes or no), which its index never holds.
    const unreadable = { ...EDGE_EVENTS[0], event_ID: 500, reminder: 'yes' }
    await storage.transaction((tx) => upsertEvents(tx, 'demo', [unreadable]))
    // Another database's events, which no query of demo may see.
    await storage.transaction((tx) => upsertEvents(tx, 'training', events.slice(0, 5)))
    app = new Hono<{ Variables: { caller: Caller } }>()
    app.use('*', async (c, next) => {
      c.set('caller', caller)
      await next()
    })
    app.route('/console-api', eventQueryRoutes(storage))
    app.route('/console-api', eventCalendarRoutes(storage))
  })
  afterAll(() => t?.close())

  async function ask(query: EventQuery) {
    const response = await app.request('/console-api/events/query', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query),
    })
    const json = (await response.json()) as {
      data: {
        rows?: { event_ID: number }[]
        ids?: number[]
        total: number
        ranks?: number[]
      } | null
      error?: { detail: string }
    }
    const body = { ...json.data, error: json.error }
    const ids = json.data?.ids ?? (json.data?.rows ?? []).map((e) => e.event_ID)
    return { status: response.status, body, ids }
  }

  it('reads every date of the table as the console does, at both clock changes', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(CASES_ZONE)
    const texts = [
      ...new Set(
        events.flatMap((e) =>
          [e.due_Date, e.next_Scheduled_Date, e.update_Date, e.start_Date, e.end_Date].filter(
            (d): d is string => typeof d === 'string',
          ),
        ),
      ),
      '2026-03-08T02:00:00',
      '2026-03-08T02:59:59.999',
      '2026-11-01T01:00:00',
      '2026-11-01T01:59:59.999',
      '2026-02-29T00:00:00',
      '2028-02-29T00:00:00',
      '2026-13-01T00:00:00',
      '2026-00-10T00:00:00+01:00',
      '2026-01-31T10:00:00+05:30',
      '2026-03-14',
      '2026-03-14 09:30',
      '0050-06-01T00:00:00',
      '0000-06-01T00:00:00',
      '2026-03-14v',
      '2026-03-14\u000b',
      '0000-03-01T00:00:00Z',
      '2026-03-14T24:00:00',
      'garbage',
    ]
    // What the mirror stores of each date (`serviceDateReading`), placed in the zone as the
    // server's readers place it, is the console's own instant.
    for (const text of texts) {
      const reading = serviceDateReading(text)
      const instant = reading && (reading.zoned ? reading.wallMs : localInstant(reading.wallMs))
      expect(instant, text).toBe(parseServiceDate(text)?.getTime() ?? null)
    }
    // And the table had both kinds, and dates that are none.
    const readings = texts.map(serviceDateReading)
    expect(new Set(readings.map((r) => r?.zoned ?? null))).toEqual(new Set([true, false, null]))
  })

  it('reads each event’s facts as factsOf does (the calendar reads these, not records)', async () => {
    const { rows } = await storage.query<Record<string, unknown>>(
      `SELECT event_id, ${factColumnsSql('$2::text')}
       FROM mirror_events WHERE database = $1 AND readable ORDER BY event_id`,
      ['demo', statusKey(COMPLETED)],
    )
    const read = rows.map((r) => ({ id: r.event_id, facts: factsOfRow(r) }))
    // And as the calendar receives them: one text a row.
    const { rows: texts } = await storage.query<{ event_id: number; text: string }>(
      `SELECT event_id, ${factColumnsTextSql('$2::text')} AS text
       FROM mirror_events WHERE database = $1 AND readable ORDER BY event_id`,
      ['demo', statusKey(COMPLETED)],
    )
    expect(
      texts.map((r) => ({
        id: r.event_id,
        facts: factsOfRow(factColumnsOfText(r.text.split(','))),
      })),
    ).toEqual(read)
    const expected = [...subjects]
      .sort((a, b) => a.event.event_ID - b.event.event_ID)
      .map((s) => ({ id: s.event.event_ID, facts: s.facts }))
    expect(read).toEqual(expected)
    // The table has each kind of fact both ways: the comparison was not of empty facts.
    for (const fact of ['reminder', 'completed'] as const)
      expect(new Set(expected.map((e) => e.facts[fact]))).toEqual(new Set([true, false]))
  })

  /** The plan Postgres would follow for `filter` if it could not read every row. */
  async function planOf(filter: EventFilter) {
    const sql = compileFilterSql(filter, new Date(), 1, { completedStatus: COMPLETED })
    return storage.transaction(async (tx) => {
      // Few rows: the planner would read them all; the question is whether it can use the index.
      await tx.query('SET LOCAL enable_seqscan = off')
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN SELECT event_id FROM mirror_events WHERE ${sql.where}`,
        sql.params,
      )
      return rows.map((r) => Object.values(r)[0]).join('\n')
    })
  }

  it('finds search’s words and a person’s events through indexes', async () => {
    expect(await planOf({ text: 'renewal case' })).toContain('mirror_events_by_subject_words')
    expect(await planOf({ user: ['ana'] })).toContain('mirror_events_by_assignee')
    // The bell's question: a person's reminders due now, from the index of reminders that are on.
    expect(await planOf({ user: ['ana'], reminderDue: true })).toContain('mirror_events_ringing')
  })

  it('reads what a minute on from a kept answer can change by two ranges of indexes', async () => {
    // Enough events, a day apart, a third with a reminder on, for the planner to weigh the
    // indexes as it does on a plan's events (with few it reads them all, whatever it has).
    const day = 86_400_000
    const start = Date.UTC(2020, 0, 1)
    const many = Array.from({ length: 3000 }, (_, i) =>
      eventOf(10_000 + i, {
        status: 'Open',
        user_ID: ['ana', 'ben', 'cy'][i % 3],
        due_Date: new Date(start + i * day).toISOString(),
        ...(i % 3 === 0
          ? { reminder: true, next_Scheduled_Date: new Date(start + i * day).toISOString() }
          : {}),
      }),
    )
    await storage.transaction((tx) => upsertEvents(tx, 'plans', many))
    await storage.exec('ANALYZE mirror_events')
    const params: unknown[] = ['plans']
    const ranges = nowCrossingSql(start + 500 * day, start + 500 * day + 60_000, (value, type) => {
      params.push(value)
      return `$${params.length}::${type}`
    })
    const { rows } = await storage.query<Record<string, string>>(
      `EXPLAIN ${ranges
        .map((range) => `SELECT event_id FROM mirror_events WHERE database = $1 AND ${range}`)
        .join(' UNION ALL ')}`,
      params,
    )
    const plan = rows.map((r) => Object.values(r)[0]).join('\n')
    expect(plan).toMatch(/mirror_events_by_due[^\n]*\n\s+Index Cond: .*due_instant >=/)
    expect(plan).toMatch(/mirror_events_reminders_by_next[^\n]*\n\s+Index Cond: .*next_instant >=/)
  })

  it('takes, counts and orders the same events as compileFilter, at every edge', async () => {
    let n = 0
    for (const now of caseNows())
      for (const firstDay of [0, 1])
        for (const filter of FILTER_CASES) {
          const sort = SORTS[n++ % SORTS.length]!
          const expected = indexAnswer(filter, sort, now, firstDay).ids
          const what = `${JSON.stringify(filter)} at ${now.toString()}, week from ${firstDay}`
          const answer = await ask({
            filter,
            now: now.toISOString(),
            firstDay,
            completedStatus: COMPLETED,
            priorities: PRIORITIES,
            sort,
            pageSize: 1000,
          })
          expect(answer.status, what).toBe(200)
          expect(answer.ids, what).toEqual(expected)
          expect(answer.body.total, what).toBe(expected.length)
        }
  })

  it('carries an answer that moves with now to another instant as if asked afresh', async () => {
    // A route of its own: what it keeps comes from this walk alone.
    const own = new Hono<{ Variables: { caller: Caller } }>()
    own.use('*', async (c, next) => {
      c.set('caller', caller)
      await next()
    })
    own.route('/console-api', eventQueryRoutes(storage))
    const askOwn = async (filter: EventFilter, now: number, page: number) => {
      const response = await own.request('/console-api/events/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          filter,
          now,
          completedStatus: COMPLETED,
          priorities: PRIORITIES,
          sort: [{ field: 'due_Date' }],
          page,
          pageSize: 2,
        }),
      })
      const json = (await response.json()) as { data: { rows: Event[]; total: number } }
      return { ids: json.data.rows.map((e) => e.event_ID), total: json.data.total }
    }
    const moving = FILTER_CASES.filter(
      (f) =>
        !f.placed &&
        compileFilterSql(f, new Date(2026, 2, 8), 1, { completedStatus: COMPLETED }).movesWithNow,
    )
    expect(moving.length).toBeGreaterThanOrEqual(4)
    // Every instant an event's due date or reminder falls on, a millisecond either side, near
    // both clock changes: walked forward, then back, each step within a day of the one before.
    const edges = events.flatMap((e) =>
      [e.due_Date, e.next_Scheduled_Date].flatMap((d) => {
        const t = d ? parseServiceDate(d)?.getTime() : undefined
        return t === undefined ? [] : [t - 1, t, t + 1]
      }),
    )
    const near = (from: Date, to: Date) =>
      [...new Set(edges)]
        .filter((t) => t >= from.getTime() && t <= to.getTime())
        .sort((a, b) => a - b)
    for (const span of [
      near(new Date(2026, 2, 7, 11), new Date(2026, 2, 9, 1)),
      near(new Date(2026, 9, 31, 23), new Date(2026, 10, 1, 12)),
    ]) {
      expect(span.length).toBeGreaterThan(6)
      for (const now of [...span, ...[...span].reverse()])
        for (const filter of moving) {
          const expected = indexAnswer(filter, [{ field: 'due_Date' }], new Date(now)).ids
          const what = `${JSON.stringify(filter)} at ${new Date(now).toISOString()}`
          for (const page of [1, 2]) {
            const answer = await askOwn(filter, now, page)
            expect(answer.ids, what).toEqual(expected.slice((page - 1) * 2, page * 2))
            expect(answer.total, what).toBe(expected.length)
          }
        }
    }
    // A minute on, with nothing due or ringing in it: neither counted nor sorted again.
    const quiet = new Date(2026, 2, 8, 12, 0).getTime()
    await askOwn({ due: 'overdue' }, quiet, 1)
    const asked = vi.spyOn(storage, 'query')
    try {
      const answer = await askOwn({ due: 'overdue' }, quiet + 60_000, 1)
      expect(answer.total).toBe(indexAnswer({ due: 'overdue' }, [], new Date(quiet + 60_000)).total)
      const statements = asked.mock.calls.map(([text]) => text)
      expect(statements.some((text) => /count\(\*\)|ORDER BY/.test(text))).toBe(false)
      expect(statements.some((text) => text.includes('BETWEEN'))).toBe(true)
    } finally {
      asked.mockRestore()
    }
    // A minute in which one event falls due (103, at 03:00), asked by two consoles at once: the
    // count carried, the page read again once for both.
    const before = new Date(2026, 2, 8, 2, 59, 30).getTime()
    await askOwn({ due: 'overdue' }, before, 1)
    const askedTwice = vi.spyOn(storage, 'query')
    try {
      const both = await Promise.all(
        [1, 2].map(() => askOwn({ due: 'overdue' }, before + 60_000, 1)),
      )
      const expected = indexAnswer(
        { due: 'overdue' },
        [{ field: 'due_Date' }],
        new Date(before + 60_000),
      )
      for (const answer of both) {
        expect(answer.ids).toEqual(expected.ids.slice(0, 2))
        expect(answer.total).toBe(expected.total)
      }
      expect(expected.ids).toContain(103)
      const statements = askedTwice.mock.calls.map(([text]) => text)
      expect(statements.filter((text) => /count\(\*\)/.test(text))).toHaveLength(0)
      expect(statements.filter((text) => /ORDER BY/.test(text))).toHaveLength(1)
    } finally {
      askedTwice.mockRestore()
    }
  })

  async function post(path: string, body: unknown) {
    const response = await app.request(`/console-api/events/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as { data: unknown } }
  }

  it('counts each person’s and group’s open work as countWorkload does, at every edge', async () => {
    for (const now of caseNows())
      for (const firstDay of [0, 1]) {
        const expected = countWorkload(subjects, now, firstDay)
        const answer = await post('workload', {
          now: now.toISOString(),
          firstDay,
          completedStatus: COMPLETED,
        })
        const what = `at ${now.toString()}, week from ${firstDay}`
        expect(answer.status, what).toBe(200)
        const data = answer.body.data as typeof expected
        const byKey = <T>(list: [T, unknown][]) =>
          [...list].sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        expect(byKey(data.people), what).toEqual(byKey(expected.people))
        expect(byKey(data.groups), what).toEqual(byKey(expected.groups))
      }
    expect((await post('workload', { now: 'yesterday' })).status).toBe(400)
    expect((await post('workload', { now: 0, colour: 'red' })).status).toBe(400)
  })

  it('draws the calendar’s days and a day’s list as the model does, at every edge', async () => {
    const filters: EventFilter[] = [
      {},
      { completed: false },
      { priority: ['URGENT'] },
      { text: 'a' },
    ]
    let checked = 0
    for (const now of caseNows())
      for (const by of ['dates', 'reminder'] as const)
        for (const filter of filters) {
          const [from, to] = [startOfDay(now, -9), startOfDay(now, 9)]
          const taken = subjects.filter(compileFilter(filter, now, 1))
          const expected = dayDigest(taken, {
            from: from.getTime(),
            to: to.getTime(),
            by,
            now: now.getTime(),
            priorityOrder: PRIORITIES,
            perDay: 2,
          })
          const what = `${JSON.stringify(filter)} by ${by} at ${now.toString()}`
          const answer = await post('calendar', {
            filter,
            by,
            from: formatServiceDate(from),
            to: formatServiceDate(to),
            now: now.getTime(),
            priorities: PRIORITIES,
            completedStatus: COMPLETED,
            perDay: 2,
          })
          expect(answer.status, what).toBe(200)
          expect(answer.body.data, what).toEqual(JSON.parse(JSON.stringify(expected)))
          checked += expected.placed
          const day = startOfDay(now)
          const list = dayEvents(taken, {
            day: day.getTime(),
            by,
            now: now.getTime(),
            priorityOrder: PRIORITIES,
          })
          const dayAnswer = await post('day', {
            filter,
            by,
            day: formatServiceDate(day),
            now: now.getTime(),
            priorities: PRIORITIES,
            completedStatus: COMPLETED,
            limit: 1000,
          })
          expect(dayAnswer.body.data, what).toEqual(
            JSON.parse(JSON.stringify({ total: list.length, rows: list })),
          )
        }
    // The table puts events on these days: the comparison was not of empty calendars.
    expect(checked).toBeGreaterThan(0)
    expect((await post('calendar', { from: 'x', to: 'y', now: 0 })).status).toBe(400)
    expect(
      (await post('calendar', { from: '2026-03-02T00:00:00', to: '2026-03-01T00:00:00', now: 0 }))
        .status,
    ).toBe(400)
  })

  it('refuses a range or a day holding more events than it reads, and names the limit', async () => {
    const small = new Hono<{ Variables: { caller: Caller } }>()
    small.use('*', async (c, next) => {
      c.set('caller', caller)
      await next()
    })
    small.route('/', eventCalendarRoutes(storage, undefined, undefined, { maxEvents: 2 }))
    const now = caseNows()[0]!
    const ask = async (path: string, body: Record<string, unknown>) => {
      const response = await small.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: now.getTime(), ...body }),
      })
      const answer = (await response.json()) as { error?: { detail: string } }
      return { status: response.status, detail: answer.error?.detail }
    }
    const busiest = subjects
      .map((s) => s.facts.due)
      .filter((due): due is number => due !== null)
      .map((due) => startOfDay(new Date(due)).getTime())
      .sort((a, b) => a - b)
    const range = await ask('/events/calendar', {
      from: formatServiceDate(new Date(busiest[0]!)),
      to: formatServiceDate(startOfDay(new Date(busiest.at(-1)!), 1)),
    })
    expect(range.status).toBe(422)
    expect(range.detail).toMatch(/More than 2 events fall in this range/)
    // A day holding more than two events.
    const counts = new Map<number, number>()
    for (const day of busiest) counts.set(day, (counts.get(day) ?? 0) + 1)
    const [day] = [...counts].find(([, n]) => n > 2)!
    const one = await ask('/events/day', { day: formatServiceDate(new Date(day)) })
    expect(one.status).toBe(422)
    expect(one.detail).toMatch(/More than 2 events fall on this day/)
  })

  it('counts the values in use as the index’s facets do', async () => {
    const count = (read: (e: Event) => string | number | null | undefined) => {
      const map = new Map<string | number, number>()
      for (const { event } of subjects) {
        const value = read(event)
        if (value === null || value === undefined || value === '') continue
        map.set(value, (map.get(value) ?? 0) + 1)
      }
      return [...map].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1))
    }
    const answer = await post('facets', {})
    expect(answer.status).toBe(200)
    const data = answer.body.data as Record<string, [string | number, number][]>
    const sorted = (list: [string | number, number][]) =>
      [...list].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1))
    expect(sorted(data.statuses!)).toEqual(count((e) => e.status))
    expect(sorted(data.priorities!)).toEqual(count((e) => e.priority))
    expect(sorted(data.types!)).toEqual(count((e) => e.event_Type))
    expect(sorted(data.users!)).toEqual(count((e) => e.user_ID))
    expect(sorted(data.groups!)).toEqual(count((e) => e.userGroup_Key))
  })

  it('names every match in order for a bulk change, unpaged', async () => {
    const now = new Date(2026, 2, 8, 3, 15)
    const filter: EventFilter = { completed: false }
    const sort: Sort = [{ field: 'due_Date', direction: 'desc' }]
    const expected = indexAnswer(filter, sort, now).ids
    const answer = await ask({ filter, now: now.getTime(), sort, pageSize: 2, select: 'ids' })
    expect(answer.ids).toEqual(expected)
    expect(answer.body.total).toBe(expected.length)
  })

  it('ranks a search as the index does: best answers first, each rank in the sort’s order', async () => {
    const now = new Date(2026, 2, 8, 3, 15)
    const searches = [
      ...FILTER_CASES.filter((f) => f.text?.trim()),
      { text: 'banana' },
      { text: 'ban' },
      { text: 'an' },
      { text: '7' },
      { text: 'call jos' },
    ]
    let ranked = 0
    for (const filter of searches)
      for (const sort of [
        [],
        [{ field: 'subject' }],
        [{ field: 'due_Date', direction: 'desc' }],
      ] as Sort[]) {
        const expected = indexAnswer(filter, sort, now, 1, 'relevance')
        const what = `${JSON.stringify(filter)} sorted ${JSON.stringify(sort)}`
        const answer = await ask({
          filter,
          now: now.getTime(),
          sort,
          rank: 'relevance',
          pageSize: 1000,
        })
        expect(answer.ids, what).toEqual(expected.ids)
        expect(answer.body.ranks, what).toEqual(expected.ranks)
        // A window from an offset keeps each row's rank.
        const window = await ask({
          filter,
          now: now.getTime(),
          sort,
          rank: 'relevance',
          offset: 1,
          limit: 2,
        })
        expect(window.ids, what).toEqual(expected.ids.slice(1, 3))
        expect(window.body.ranks, what).toEqual(expected.ranks?.slice(1, 3))
        ranked += new Set(expected.ranks).size > 1 ? 1 : 0
      }
    // Some searches had answers of more than one rank: the order within them was tested.
    expect(ranked).toBeGreaterThan(0)
  })

  it('pages the same order, the total of every page the whole count', async () => {
    const now = new Date(2026, 2, 8, 3, 15)
    const filter: EventFilter = { completed: false }
    const sort: Sort = [{ field: 'due_Date' }]
    const expected = indexAnswer(filter, sort, now).ids
    const pages: number[] = []
    for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
      const answer = await ask({ filter, now: now.getTime(), sort, page, pageSize: 4 })
      expect(answer.body.total).toBe(expected.length)
      pages.push(...answer.ids)
    }
    expect(pages).toEqual(expected)
  })

  it('refuses a field the filter does not have, rather than ignoring it', async () => {
    const now = new Date(2026, 2, 8)
    expect(() =>
      compileFilterSql({ colour: ['red'], status: ['Open'] } as EventFilter, now, 1, {
        completedStatus: COMPLETED,
      }),
    ).toThrow(FilterNotInSql)
    const unknown = await ask({ filter: { colour: ['red'] } as EventFilter, now: now.getTime() })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error?.detail).toMatch(/filter\.colour|filter/)
  })

  it('answers a search of thousands of words, or words no subject can hold, without failing', async () => {
    const now = new Date(2026, 2, 8).getTime()
    // 20,000 different words within the body's limit: more than a statement can carry as values.
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ')
    const many = await ask({ filter: { text: words }, now })
    expect(many.status).toBe(400)
    expect(many.body.error?.detail).toMatch(/more than \d+ different words/)
    // The same word 100,000 times is one word.
    expect((await ask({ filter: { text: 'a '.repeat(100_000) }, now })).status).toBe(200)
    // Repeated words ask once: 'renewal' typed 500 times is 'renewal'.
    const repeated = await ask({ filter: { text: 'renewal '.repeat(500) }, now })
    const once = await ask({ filter: { text: 'renewal' }, now })
    expect(repeated.status).toBe(200)
    expect(repeated.body.total).toBe(once.body.total)
    for (const text of ['%', '_', '\\', "'; DROP TABLE mirror_events; --"])
      expect((await ask({ filter: { text }, now })).status, text).toBe(200)
  })

  it('refuses, saying where, what Postgres could not be asked: a NUL, a page past its reach, no date', async () => {
    const now = new Date(2026, 2, 8).getTime()
    const refused = async (query: Record<string, unknown>, where: RegExp) => {
      const answer = await ask(query as unknown as EventQuery)
      expect(answer.status, JSON.stringify(query)).toBe(400)
      expect(answer.body.error?.detail).toMatch(where)
    }
    await refused({ now, filter: { text: 'a\u0000b' } }, /filter\.text/)
    await refused({ now, filter: { user: ['\u0000'] } }, /filter\.user\.0/)
    await refused({ now, filter: { due: { from: '\u0000' } } }, /filter\.due/)
    await refused({ now, priorities: ['HIGH\u0000'] }, /priorities\.0/)
    await refused({ now, offset: 1e15 }, /offset/)
    await refused({ now, page: 1e12 }, /page/)
    await refused({ now: 9e15 }, /now/)
    for (const path of ['/console-api/events/workload', '/console-api/events/calendar']) {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          now: 9e15,
          from: '2026-03-01T00:00:00',
          to: '2026-04-01T00:00:00',
        }),
      })
      expect(response.status, path).toBe(400)
    }
    const day = await app.request('/console-api/events/day', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now, day: '2026-03-08T00:00:00', offset: 1e15 }),
    })
    expect(day.status).toBe(400)
  })

  it('audits each answer as a read of the database', async () => {
    await ask({ filter: { due: 'today' }, now: new Date(2026, 2, 8).toISOString() })
    const { rows } = await storage.query<{ user_id: string; database: string; detail: unknown }>(
      `SELECT user_id, database, detail FROM audit_log
       WHERE operation = 'POST /console-api/events/query' ORDER BY id DESC LIMIT 1`,
    )
    expect(rows[0]).toMatchObject({ user_id: 'support', database: 'demo' })
    expect(rows[0]!.detail).toMatchObject({ page: 1, pageSize: 100 })
  })
})

describe.each(storageKinds)('the filter columns of events mirrored before them (%s)', (kind) => {
  it('are filled by the model when the migration adds them', async () => {
    const t = await openTestStorage(kind)
    try {
      const before = migrations.filter((m) => m.version < 6)
      await migrate(t.storage, { auditRetentionDays: 30 }, before)
      await t.storage.query(
        `INSERT INTO mirror_events (database, event_id, record)
         SELECT 'demo', (r->>'event_ID')::integer, r FROM jsonb_array_elements($1::jsonb) AS r`,
        [JSON.stringify(EDGE_EVENTS)],
      )
      await t.storage.query(
        `INSERT INTO mirror_events (database, event_id, record) VALUES ('demo', 500, $1::jsonb)`,
        [JSON.stringify({ ...EDGE_EVENTS[0], event_ID: 500, reminder: 'yes' })],
      )
      await migrate(t.storage, { auditRetentionDays: 30 })
      const { rows: unreadable } = await t.storage.query<{ event_id: number }>(
        `SELECT event_id FROM mirror_events WHERE NOT readable`,
      )
      expect(unreadable).toEqual([{ event_id: 500 }])
      await t.storage.query(`DELETE FROM mirror_events WHERE event_id = 500`)
      const { rows } = await t.storage.query<{
        event_id: number
        subject_words: string | null
        auth_mentions: string[]
        event_type: string | null
        status_key: string
      }>(
        `SELECT event_id, subject_words, auth_mentions, event_type, status_key FROM mirror_events
         WHERE database = 'demo' ORDER BY event_id`,
      )
      expect(rows).toEqual(
        [...EDGE_EVENTS]
          .sort((a, b) => a.event_ID - b.event_ID)
          .map((e) => ({
            event_id: e.event_ID,
            subject_words: searchWords(e),
            auth_mentions: authNumbersIn(e),
            event_type: e.event_Type ?? null,
            status_key: statusKey(e.status),
          })),
      )
      // Each date's columns, read by SQL for the rows stored before the model read them
      // (`dateReadingMigration`), hold what `serviceDateReading` reads; a record stored after
      // is read by the model: a new due date is its new reading.
      const dates = async () =>
        (
          await t.storage.query<{ event_id: number; due_wall: string | null } & FactColumns>(
            `SELECT event_id, ${Object.values(DATE_COLUMN_KEYS).flat().join(', ')}
             FROM mirror_events WHERE database = 'demo' ORDER BY event_id`,
          )
        ).rows
      const readings = (e: Event) =>
        Object.fromEntries(
          Object.entries(DATE_COLUMNS).flatMap(([field, column]) => {
            const reading = serviceDateReading(e[field as keyof Event])
            return [
              [`${column}_wall`, reading ? String(reading.wallMs) : null],
              [`${column}_zoned`, reading?.zoned ?? null],
            ]
          }),
        )
      const stored = await dates()
      const sorted = [...EDGE_EVENTS].sort((a, b) => a.event_ID - b.event_ID)
      // A zone is read only where there is a date (SQL said "no zone" of text that is none).
      const wall = (row: FactColumns) =>
        Object.fromEntries(
          Object.values(DATE_COLUMNS).flatMap((c) => {
            const at = row[`${c}_wall`]
            return [
              [`${c}_wall`, at === null ? null : String(at)],
              [`${c}_zoned`, at === null ? null : row[`${c}_zoned`]],
            ]
          }),
        )
      expect(stored.map(wall)).toEqual(sorted.map(readings))
      expect(stored.some((r) => r.due_wall !== null)).toBe(true)
      const moved = {
        ...sorted[0]!,
        due_Date: '2031-07-04T08:15:00',
        update_Date: '2031-01-01T00:00:00',
      }
      await t.storage.transaction((tx) => upsertEvents(tx, 'demo', [moved]))
      const after = (await dates()).find((r) => r.event_id === moved.event_ID)!
      expect(wall(after)).toEqual(readings(moved))
    } finally {
      await t.close()
    }
  })

  it('makes each date’s instant again when the server starts in another zone', async () => {
    const t = await openTestStorage(kind)
    const instants = async () =>
      (
        await t.storage.query<Record<string, string | number | null>>(
          `SELECT event_id, ${Object.values(DATE_INSTANT_COLUMNS).join(', ')} FROM mirror_events
           WHERE database = 'demo' ORDER BY event_id`,
        )
      ).rows.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])),
      )
    // What the model makes of each date in the zone the process runs in now.
    const expected = () =>
      [...EDGE_EVENTS]
        .sort((a, b) => a.event_ID - b.event_ID)
        .map((e) => ({
          event_id: e.event_ID,
          ...Object.fromEntries(
            Object.entries(DATE_INSTANT_COLUMNS).map(([field, column]) => [
              column,
              parseServiceDate(e[field as keyof Event] as string | null)?.getTime() ?? null,
            ]),
          ),
        }))
    try {
      await migrate(t.storage, { auditRetentionDays: 30 })
      await t.storage.transaction((tx) => upsertEvents(tx, 'demo', EDGE_EVENTS))
      const here = expected()
      expect(await instants()).toEqual(here)
      process.env.TZ = 'Pacific/Auckland'
      const there = expected()
      expect(there).not.toEqual(here)
      // Never stored beside instants made in another zone: refused, saying why, until a start
      // (the migration) has made them all again here.
      await expect(
        t.storage.transaction((tx) => upsertEvents(tx, 'demo', EDGE_EVENTS)),
      ).rejects.toThrow(/time zone Pacific\/Auckland.*made in America\/New_York/)
      expect(await instants()).toEqual(here)
      await migrate(t.storage, { auditRetentionDays: 30 })
      expect(await instants()).toEqual(there)
      const { rows } = await t.storage.query<{ zone: string }>(
        'SELECT zone FROM mirror_instants_zone',
      )
      expect(rows).toEqual([{ zone: instantRules() }])
      expect(instantRules()).toMatch(/^Pacific\/Auckland \(tzdata \w+\)$/)
      // In the zone they were made in, nothing is made again; records are stored again.
      expect(await t.storage.transaction((tx) => makeInstantsHere(tx))).toBe(0)
      await t.storage.transaction((tx) => upsertEvents(tx, 'demo', EDGE_EVENTS))
      expect(await instants()).toEqual(there)
      // Made by other rules of the same zone (another Node's time zone data): refused, then
      // every one read again at the next start (only those whose instant changes written).
      await t.storage.query(
        `UPDATE mirror_instants_zone SET zone = 'Pacific/Auckland (tzdata 1999a)'`,
      )
      await expect(
        t.storage.transaction((tx) => upsertEvents(tx, 'demo', EDGE_EVENTS)),
      ).rejects.toThrow(/made in Pacific\/Auckland \(tzdata 1999a\)/)
      expect(await t.storage.transaction((tx) => makeInstantsHere(tx))).toBe(EDGE_EVENTS.length)
      expect(await instants()).toEqual(there)
      await t.storage.transaction((tx) => upsertEvents(tx, 'demo', EDGE_EVENTS))
    } finally {
      process.env.TZ = CASES_ZONE
      await t.close()
    }
  })

  it('orders and follows changes by the same reading: a date that is none is none', async () => {
    const t = await openTestStorage(kind)
    try {
      await migrate(t.storage, { auditRetentionDays: 30 })
      const texts = [
        '2026-02-28T10:00:00',
        '2026-02-30T10:00:00',
        '2026-03-14 09:30',
        '2026-01-31T10:00:00+05:30',
        '2026-13-01T00:00:00',
        'garbage',
      ]
      const stored = texts.map((text, i) => ({
        ...EDGE_EVENTS[0]!,
        event_ID: 9000 + i,
        due_Date: text,
        update_Date: text,
      }))
      await t.storage.transaction((tx) => upsertEvents(tx, 'demo', stored))
      const { rows } = await t.storage.query<{
        event_id: number
        due_ms: string | null
        update_ms: string | null
        due_wall: string | null
        updated_wall: string | null
      }>(
        `SELECT event_id, due_ms, update_ms, due_wall, updated_wall FROM mirror_events
         WHERE database = 'demo' AND event_id >= 9000 ORDER BY event_id`,
      )
      // The order's and the watermark's milliseconds are the date columns' own reading.
      expect(
        rows.map((r) => [r.due_ms, r.update_ms].map((v) => (v === null ? null : Number(v)))),
      ).toEqual(texts.map((text) => [0, 0].map(() => serviceDateReading(text)?.wallMs ?? null)))
      expect(rows.map((r) => r.due_ms === null)).toEqual(rows.map((r) => r.due_wall === null))
      expect(rows.map((r) => r.due_ms === null)).toEqual(
        texts.map((text) => parseServiceDate(text) === null),
      )
      expect(wallClockMs('2026-02-30T10:00:00')).toBeNull()
    } finally {
      await t.close()
    }
  })
})

describe('the query route in the console server', () => {
  it('answers behind the gate, from the mirror the server loaded', async () => {
    const service = await startService({ events: 120 })
    const t = await openTestStorage('embedded')
    const server = await createConsoleServer(service.config, { storage: t.storage, mirrors: false })
    const http = await listen(server, 0)
    try {
      await server.mirrors[0]!.firstLoad()
      const token = await service.tokenOf('staff')
      const url = `${http.baseUrl}/console-api/events/query`
      const query = { filter: { completed: false }, now: Date.now(), pageSize: 10 }
      const post = (headers: Record<string, string>) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(query),
        })
      expect((await post({})).status).toBe(401)
      const answer = await post({ authorization: `Bearer ${token}`, 'service-database': 'demo' })
      expect(answer.status).toBe(200)
      const body = ((await answer.json()) as { data: { rows: unknown[]; total: number } }).data
      const { rows } = await t.storage.query<{ record: unknown }>(
        `SELECT record FROM mirror_events WHERE database = 'demo'`,
      )
      const mirrored = rows.map((r) => eventSchema.parse(r.record))
      const test = compileFilter(query.filter, new Date(query.now))
      const open = mirrored.filter((event) =>
        test({ event, facts: factsOf(event, COMPLETED), words: searchWords(event) }),
      )
      expect(open.length).toBeGreaterThan(0)
      expect(body.total).toBe(open.length)
      expect(body.rows).toHaveLength(Math.min(10, open.length))
    } finally {
      await http.close()
      await server.close()
      await t.close()
      await service.close()
    }
  })
})

describe('a filter compared with now itself', () => {
  it('says so, and one that does not say so is the same a moment later', () => {
    const now = new Date(Date.UTC(2026, 2, 10, 15, 0))
    const later = new Date(now.getTime() + 1)
    const options = { completedStatus: 'Completed' }
    const moving: EventFilter[] = []
    for (const filter of FILTER_CASES) {
      const { placed: _, ...rest } = filter
      const at = compileFilterSql(rest, now, 1, options)
      const then = compileFilterSql(rest, later, 1, options)
      const same =
        at.where === then.where && JSON.stringify(at.params) === JSON.stringify(then.params)
      expect(same, JSON.stringify(filter)).toBe(!at.movesWithNow)
      if (at.movesWithNow) moving.push(filter)
    }
    expect(moving).toContainEqual({ due: 'overdue' })
    expect(moving).toContainEqual({ due: 'snoozed' })
    expect(moving).toContainEqual({ reminderDue: true })
    expect(moving).not.toContainEqual({ due: 'today' })
  })
})
