import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../../src/api/schemas/auth'
import { cmsReport } from '../../src/features/auths/model/cms-report'
import { decisionClock } from '../../src/features/auths/model/decision-clock'
import { createAnswerCache, type AnswerCache } from '../answer-cache'
import { recordAudit } from '../audit'
import { DEFAULT_AUDIT_ROLES, DEFAULT_REGISTER, type ServerConfig } from '../config'
import type { Sql, Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { decisionRecords, MET_BY, registerRules } from '../register/register-store'

/*
 * The auth register's routes: `POST /console-api/auths/register` lists the auths the server has
 * met, filtered, sorted and paged, with how many it knows by each way and since when;
 * `POST /console-api/auths/register/export` the same as CSV; `GET /console-api/auths/report`
 * the CMS-0057-F figures (the audit's roles only); `POST /console-api/auths/alerts` the caller's
 * auths near or past their decision deadline, each new state said once. Every read of auths is
 * an audit entry: the register names members.
 */

/** When the server first met the auth, in milliseconds. */
const MET_MS = '(extract(epoch FROM met_at) * 1000)'

/** A clock's state as the auth model reads it (`decisionClock`), and two the register adds. */
export const CLOCK_STATES = ['overdue', 'soon', 'on-time', 'no-clock', 'decided'] as const
export type RegisterClock = (typeof CLOCK_STATES)[number]

const HOUR = 3_600_000

/**
 * A clock state as SQL over the register's columns: `decisionClock`'s reading (overdue when the
 * time left is below zero, soon when it is at most `warnHours`), `now` and the warning in
 * milliseconds being parameters. Proven equal to the model by one table of cases
 * (register.test.ts).
 */
export function clockSql(state: RegisterClock, now: string, warnMs: string): string {
  switch (state) {
    case 'decided':
      return 'decided'
    case 'no-clock':
      return 'NOT decided AND due_ms IS NULL'
    case 'overdue':
      return `NOT decided AND due_ms < ${now}`
    case 'soon':
      return `NOT decided AND due_ms >= ${now} AND due_ms <= ${now} + ${warnMs}`
    case 'on-time':
      return `NOT decided AND due_ms > ${now} + ${warnMs}`
  }
}

/**
 * Clock states taken together, as one condition: states next to each other on the clock
 * (overdue, soon, on time) as one range of `due_ms`, every state of an undecided auth as
 * `NOT decided` alone (which needs no `now`, so its count is kept from one minute to the next).
 * Each state reads as `clockSql` does; the register's tests hold every combination to the model.
 */
export function clocksSql(
  states: readonly RegisterClock[],
  now: number,
  p: (value: unknown) => string,
): string {
  const has = (s: RegisterClock) => states.includes(s)
  const running = (['overdue', 'soon', 'on-time'] as const).filter(has)
  const parts: string[] = []
  if (running.length === 3 && has('no-clock')) parts.push('NOT decided')
  else {
    if (running.length === 3) parts.push('(NOT decided AND due_ms IS NOT NULL)')
    else if (running.length > 0) {
      // Parameters only where read: one unused has no type Postgres can tell.
      const at = p(now) + '::bigint'
      let warnParam: string | undefined
      const warn = () => (warnParam ??= p(registerRules().warnHours * HOUR) + '::bigint')
      if (running.join() === 'overdue,soon')
        parts.push(`(NOT decided AND due_ms <= ${at} + ${warn()})`)
      else if (running.join() === 'soon,on-time') parts.push(`(NOT decided AND due_ms >= ${at})`)
      else parts.push(...running.map((s) => `(${clockSql(s, at, s === 'overdue' ? '' : warn())})`))
    }
    if (has('no-clock')) parts.push(`(${clockSql('no-clock', '', '')})`)
  }
  if (has('decided')) parts.push(clockSql('decided', '', ''))
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`
}

/**
 * The register's deadlines, kept until an auth changes: each undecided auth's due instant, sorted,
 * routine and urgent apart, and how many have no clock or are decided. A filter of clock states
 * and urgency alone is counted from them by binary search, at any `now`, without a scan.
 */
interface Deadlines {
  /** Index 0: routine, 1: urgent. */
  due: [Float64Array, Float64Array]
  noClock: [number, number]
  decided: [number, number]
}

async function deadlinesOf(sql: Sql, database: string): Promise<Deadlines> {
  // The due instants as one text a group, in order: 100,000 rows read as objects took 0.4 s on
  // the embedded Postgres, this a quarter of it.
  const { rows } = await sql.query<{
    urgent: boolean
    decided: boolean
    n: string | number
    timed: string | number
    due: string | null
  }>(
    `SELECT urgent, decided, count(*) AS n, count(due_ms) AS timed,
       string_agg(due_ms::text, ',' ORDER BY due_ms) FILTER (WHERE NOT decided) AS due
     FROM mirror_auths WHERE database = $1 GROUP BY urgent, decided`,
    [database],
  )
  const d: Deadlines = {
    due: [new Float64Array(0), new Float64Array(0)],
    noClock: [0, 0],
    decided: [0, 0],
  }
  for (const r of rows) {
    const u = r.urgent ? 1 : 0
    if (r.decided) d.decided[u] = Number(r.n)
    else {
      d.noClock[u] = Number(r.n) - Number(r.timed)
      d.due[u] = r.due ? Float64Array.from(r.due.split(','), Number) : new Float64Array(0)
    }
  }
  return d
}

/** The first index whose value is at least `x` (`after`: more than `x`). */
function bound(sorted: Float64Array, x: number, after = false) {
  let [lo, hi] = [0, sorted.length]
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (after ? sorted[mid]! <= x : sorted[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Whether the filter reads only clock states and urgency (so `countByClock` answers it). */
const clockOnly = (filter: RegisterFilter) =>
  Object.entries(filter).every(([k, v]) => v === undefined || k === 'clock' || k === 'urgent')

/** How many auths a filter of clock states and urgency takes, as `clockSql` reads each state. */
export function countByClock(d: Deadlines, filter: RegisterFilter, now: number, warnMs: number) {
  const states = filter.clock?.length ? filter.clock : CLOCK_STATES
  const kinds = filter.urgent === undefined ? [0, 1] : [filter.urgent ? 1 : 0]
  let n = 0
  for (const u of kinds) {
    const due = d.due[u as 0 | 1]
    const [atNow, pastWarn] = [bound(due, now), bound(due, now + warnMs, true)]
    for (const state of new Set(states)) {
      if (state === 'overdue') n += atNow
      else if (state === 'soon') n += pastWarn - atNow
      else if (state === 'on-time') n += due.length - pastWarn
      else if (state === 'no-clock') n += d.noClock[u as 0 | 1]
      else n += d.decided[u as 0 | 1]
    }
  }
  return n
}

const short = z.string().trim().max(100)
export const registerFilterSchema = z.strictObject({
  clock: z.array(z.enum(CLOCK_STATES)).max(5).optional(),
  urgent: z.boolean().optional(),
  status: z.array(z.string().max(100)).max(50).optional(),
  /** A user ID; '' for auths nobody holds. */
  assignee: short.optional(),
  provider: short.optional(),
  member: short.optional(),
  /** An auth number's start (as `provider` and `member` are an ID's start). */
  number: short.optional(),
  receivedFrom: z.number().int().optional(),
  receivedTo: z.number().int().optional(),
})
export type RegisterFilter = z.infer<typeof registerFilterSchema>

const SORTS = {
  due: 'due_ms',
  received: 'received_ms',
  number: 'auth_number',
  status: 'status',
  assignee: 'assigned_user',
  met: 'met_at',
} as const
export const REGISTER_MAX_PAGE = 500
const EXPORT_MAX = 100_000

const querySchema = z.strictObject({
  filter: registerFilterSchema.default({}),
  now: z.number().int(),
  sort: z
    .strictObject({
      field: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]),
      direction: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ field: 'due', direction: 'asc' }),
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(REGISTER_MAX_PAGE).default(100),
})

/** The WHERE of a register query and its parameters (the first being the database). */
function whereOf(database: string, filter: RegisterFilter, now: number) {
  const params: unknown[] = [database]
  const p = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const parts = ['database = $1']
  if (filter.clock?.length) parts.push(clocksSql(filter.clock, now, p))
  if (filter.urgent !== undefined) parts.push(`urgent = ${p(filter.urgent)}`)
  if (filter.status?.length) parts.push(`status = ANY(${p(filter.status)}::text[])`)
  if (filter.assignee !== undefined)
    parts.push(
      filter.assignee === ''
        ? `coalesce(assigned_user, '') = ''`
        : `lower(assigned_user) = lower(${p(filter.assignee)})`,
    )
  const like = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)
  // An ID's start, in any case: each answered by an index of its own (registerOrderMigration).
  const starts = (column: string, value: string) =>
    parts.push(`lower(${column}) LIKE ${p(`${like(value.toLowerCase())}%`)}`)
  if (filter.provider) starts('provider_id', filter.provider)
  if (filter.member) starts('subscriber_id', filter.member)
  if (filter.number) starts('auth_number', filter.number)
  if (filter.receivedFrom !== undefined)
    parts.push(`received_ms >= ${p(filter.receivedFrom)}::bigint`)
  if (filter.receivedTo !== undefined) parts.push(`received_ms < ${p(filter.receivedTo)}::bigint`)
  return { where: parts.join(' AND '), params }
}

interface RegisterRow {
  record: Record<string, unknown>
  met_at: Date | string
  met_by: string
  due_ms: string | number | null
  gone: boolean
}

const rowOf = (r: RegisterRow) => ({
  auth: r.record,
  metAt: new Date(r.met_at).toISOString(),
  metBy: r.met_by,
  dueMs: r.due_ms === null ? null : Number(r.due_ms),
  gone: r.gone,
})

async function readRegister(
  sql: Sql,
  database: string,
  query: z.infer<typeof querySchema>,
  window: { offset: number; limit: number },
) {
  const { where, params } = whereOf(database, query.filter, query.now)
  const column = SORTS[query.sort.field]
  const dir = query.sort.direction === 'asc' ? 'ASC' : 'DESC'
  const { rows } = await sql.query<RegisterRow>(
    `SELECT record, met_at, met_by, due_ms, gone FROM mirror_auths WHERE ${where}
     ORDER BY ${query.sort.field === 'due' ? 'decided ASC, ' : ''}${column} ${dir} NULLS LAST,
       auth_number ASC
     LIMIT ${window.limit} OFFSET ${window.offset}`,
    params,
  )
  return { rows, where, params }
}

const TOKEN = /^[\w.@-]{1,64}$/

/** How many auths the register met each way, since when, and the statuses in use. */
async function registerSummary(sql: Sql, database: string) {
  const { rows: ways } = await sql.query<{
    met_by: string
    n: string | number
    since: Date | string
  }>(
    `SELECT met_by, count(*) AS n, min(met_at) AS since FROM mirror_auths WHERE database = $1
     GROUP BY met_by`,
    [database],
  )
  const { rows: statuses } = await sql.query<{ status: string }>(
    `SELECT DISTINCT status FROM mirror_auths WHERE database = $1 AND coalesce(status, '') <> ''
     ORDER BY status`,
    [database],
  )
  const since = ways.reduce<string | null>((min, w) => {
    const at = new Date(w.since).toISOString()
    return min === null || at < min ? at : min
  }, null)
  return {
    ways: Object.fromEntries(
      MET_BY.map((way) => [way, Number(ways.find((w) => w.met_by === way)?.n ?? 0)]),
    ),
    since,
    statuses: statuses.map((s) => s.status),
  }
}

export function registerRoutes(
  storage: Storage,
  config: Pick<ServerConfig, 'auditRoles' | 'register'>,
  answers: AnswerCache = createAnswerCache(),
) {
  const register = config.register ?? DEFAULT_REGISTER
  const reportRoles = config.auditRoles ?? DEFAULT_AUDIT_ROLES
  const app = new Hono<{ Variables: { caller: Caller } }>()

  const audit = (caller: Caller, operation: string, detail: Record<string, unknown>) =>
    recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation,
        database: caller.database,
        recordType: 'auth',
        recordId: null,
        status: 200,
        activityId: null,
        detail,
      },
    ])

  const parse = async (c: { req: { json(): Promise<unknown> } }) => {
    const parsed = querySchema.safeParse(await c.req.json().catch(() => undefined))
    if (parsed.success) return { ok: true as const, query: parsed.data }
    const where = parsed.error.issues.map((p) => p.path.join('.') || 'body').join(', ')
    return { ok: false as const, why: `The question is not one the server reads (at ${where}).` }
  }

  app.post('/auths/register', async (c) => {
    const caller = c.get('caller')
    const parsed = await parse(c)
    if (!parsed.ok) return c.json(refusal(400, parsed.why), 400)
    const { query } = parsed
    const { rows, where, params } = await readRegister(storage, caller.database, query, query)
    // The total, and what the page says of the whole register, kept until an auth changes.
    const total = clockOnly(query.filter)
      ? countByClock(
          await answers.get(
            caller.database,
            'register-deadlines',
            () => deadlinesOf(storage, caller.database),
            'auth',
          ),
          query.filter,
          query.now,
          registerRules().warnHours * HOUR,
        )
      : await answers.get(
          caller.database,
          JSON.stringify(['register-count', where, params]),
          async () => {
            const { rows: counted } = await storage.query<{ n: string | number }>(
              `SELECT count(*) AS n FROM mirror_auths WHERE ${where}`,
              params,
            )
            return Number(counted[0]?.n ?? 0)
          },
          'auth',
        )
    const { ways, since, statuses } = await answers.get(
      caller.database,
      'register-summary',
      () => registerSummary(storage, caller.database),
      'auth',
    )
    await audit(caller, 'POST /console-api/auths/register', {
      count: rows.length,
      offset: query.offset,
    })
    return c.json({
      data: {
        rows: rows.map(rowOf),
        total,
        since,
        metBy: ways,
        statuses,
        warnHours: registerRules().warnHours,
      },
    })
  })

  app.post('/auths/register/export', async (c) => {
    const caller = c.get('caller')
    const parsed = await parse(c)
    if (!parsed.ok) return c.json(refusal(400, parsed.why), 400)
    const { rows } = await readRegister(storage, caller.database, parsed.query, {
      offset: 0,
      limit: EXPORT_MAX,
    })
    const now = new Date(parsed.query.now)
    const text = (v: unknown) => (typeof v === 'string' ? v : null)
    await audit(caller, 'POST /console-api/auths/register/export', { count: rows.length })
    // Only the export's columns, each auth's clock as the model reads it.
    return c.json({
      data: rows.map((r) => {
        const a = r.record
        const clock = decisionClock(a as Auth, registerRules(), now)
        return {
          number: text(a.auth_Number),
          member: text(a.subscriber_ID),
          memberSeq: text(a.member_Seq),
          provider: text(a.provider_ID),
          status: text(a.status),
          code: text(a.auth_Code),
          urgent: a.urgent === true,
          assignee: text(a.assigned_User),
          received: text(a.received_Date),
          dueMs: r.due_ms === null ? null : Number(r.due_ms),
          clock: clock.kind === 'running' ? clock.state : clock.kind,
          serviceType: text(a.service_Type),
          metAt: new Date(r.met_at).toISOString(),
          metBy: r.met_by,
        }
      }),
    })
  })

  app.get('/auths/report', async (c) => {
    const caller = c.get('caller')
    if (!caller.roles.some((role) => reportRoles.includes(role)))
      return c.json(
        refusal(403, `The CMS report is open to ${reportRoles.join(' and ')} only.`),
        403,
      )
    const year = Number(c.req.query('year'))
    const monthText = c.req.query('month')
    const month = monthText ? Number(monthText) : undefined
    if (!Number.isInteger(year) || year < 2000 || year > 2200)
      return c.json(refusal(400, 'year must be a year from 2000 to 2200.'), 400)
    if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12))
      return c.json(refusal(400, 'month must be a month from 1 to 12.'), 400)
    const records = await decisionRecords(storage, caller.database)
    const report = cmsReport(records, { year, month }, register.drugServiceTypes)
    await audit(caller, 'GET /console-api/auths/report', { year, month: month ?? null })
    return c.json({ data: { ...report, drugServiceTypes: register.drugServiceTypes } })
  })

  /**
   * An alert tells of a change of state the server saw: an auth it met on time, once it is within
   * the warning; one it met before its deadline, once overdue (and escalated). One first met
   * already in a state is not news (a plan's backlog of long-overdue auths would fill every bell
   * at the first load): the register and My work show it red.
   */
  app.post('/auths/alerts', async (c) => {
    const caller = c.get('caller')
    const body = z
      .strictObject({ now: z.number().int() })
      .safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return c.json(refusal(400, 'now must be an instant in milliseconds.'), 400)
    const { now } = body.data
    const warnMs = registerRules().warnHours * HOUR
    const escalates = register.escalateTo.includes(caller.userId) && TOKEN.test(caller.userId)
    const { rows } = await storage.query<{
      auth_number: string
      due_ms: string | number
      urgent: boolean
      assigned_user: string | null
      mine: boolean
    }>(
      `SELECT auth_number, due_ms, urgent, assigned_user,
         lower(coalesce(assigned_user, '')) = lower($2) AS mine
       FROM mirror_auths
       WHERE database = $1 AND NOT decided AND NOT gone AND due_ms IS NOT NULL
         AND ((lower(coalesce(assigned_user, '')) = lower($2)
               AND ((due_ms <= $3::bigint + $4::bigint AND ${MET_MS} < due_ms - $4::bigint)
                 OR (due_ms < $3::bigint AND ${MET_MS} < due_ms)))
           OR ($5 AND due_ms < $3::bigint - $6::bigint AND ${MET_MS} < due_ms))
       ORDER BY due_ms, auth_number LIMIT 200`,
      [caller.database, caller.userId, now, warnMs, escalates, register.escalateAfterHours * HOUR],
    )
    const alerts = []
    for (const r of rows) {
      const due = Number(r.due_ms)
      const state = !r.mine ? 'escalated' : due < now ? 'overdue' : 'soon'
      const { rowCount } = await storage.query(
        `INSERT INTO auth_alerts (database, auth_number, user_id, state) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [caller.database, r.auth_number, caller.userId, state],
      )
      alerts.push({
        authNumber: r.auth_number,
        state,
        dueMs: due,
        urgent: r.urgent,
        assignedTo: r.assigned_user,
        fresh: (rowCount ?? 0) > 0,
      })
    }
    return c.json({ data: { alerts, warnHours: registerRules().warnHours } })
  })
  return app
}
