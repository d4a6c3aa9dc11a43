import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../src/api/client'
import { formatServiceDate, parseServiceDate } from '../src/api/dates'
import { queryRegister } from '../src/api/register'
import type { Auth } from '../src/api/schemas/auth'
import { DEFAULT_DECISION_RULES, decisionClock } from '../src/features/auths/model/decision-clock'
import { DEFAULT_REGISTER } from './config'
import { createConsoleServer, listen } from './server'
import { openTestStorage, startService, type TestService, type TestStorage } from './testing'

/*
 * The auth register: auths met through the console (written, looked up) and past it (named in an
 * event, decided on the service), their decisions timed when the server saw them made and "not
 * observed" otherwise, the CMS report's every figure against one computed here from the same
 * decisions, the clock's SQL against the model, and breach alerts said once per state.
 */

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const HOUR = 3_600_000
let service: TestService
let t: TestStorage
let baseUrl: string
let server: Awaited<ReturnType<typeof createConsoleServer>>
let close: () => Promise<void>
let support: string
let admin: string
let drugType = ''
/** The service type of the auths the report's test times. */
const TIMED_TYPE = 'Physical therapy'
/** An auth named by an event before the server's first load. */
let namedBeforeLoad: string

beforeAll(async () => {
  service = await startService({ events: 30 })
  support = await service.tokenOf('support')
  admin = await service.tokenOf('admin')
  // A service type of the demo data other than the one the timed auths below are given (the demo
  // auths depend on when the sandbox seeds them: the first may be of that type).
  for (let n = 1; !drugType && n <= 50; n++) {
    const number = `26-${String(n).padStart(6, '0')}`
    const seeded = (await service.sandbox.call('GET', `/auths/${number}`, { token: support }))
      .data as Auth
    const type = seeded.service_Type
    if (type && type.toLowerCase() !== TIMED_TYPE.toLowerCase()) drugType = type
  }
  drugType ||= 'Pharmacy'
  const made = await service.sandbox.call('POST', '/auths', {
    token: support,
    body: {
      closed: false,
      new_Or_Extended: false,
      previous_Treatment: false,
      tPlan_DownLoaded: false,
      tPlan_Printed: 'N',
      urgent: false,
    },
  })
  namedBeforeLoad = (made.data as Auth).auth_Number!
  const events = await service.sandbox.call('GET', '/events?page=1&pageSize=1', { token: admin })
  const event = (events.data as Record<string, unknown>[])[0]!
  await service.sandbox.call('PUT', `/events/${String(event.event_ID)}`, {
    token: admin,
    body: { ...event, subject: `Waiting on auth ${namedBeforeLoad}` },
  })
  t = await openTestStorage('embedded')
  server = await createConsoleServer(
    {
      ...service.config,
      register: {
        ...DEFAULT_REGISTER,
        drugServiceTypes: [drugType],
        escalateTo: ['admin'],
        escalateAfterHours: 2,
        rereadSeconds: 5,
      },
    },
    { storage: t.storage, mirrors: false },
  )
  await server.mirrors[0]!.firstLoad()
  // The auths the seeded events name, met once the load is over (decided ones: not observed).
  await readAll()
  const http = await listen(server, 0)
  baseUrl = http.baseUrl
  close = async () => {
    await http.close()
    await server.close()
  }
})

afterAll(async () => {
  await close?.()
  await t?.close()
  await service?.close()
})

async function call<T>(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'service-database': 'demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { data: T }
  return { status: response.status, data: json.data }
}

const blank = {
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
}
const hoursAgo = (h: number) => formatServiceDate(new Date(Date.now() - h * HOUR))

/** Creates an auth through the console server. */
/** Turns of the register's reader until it has nothing left to read (it reads a batch a turn). */
async function readAll() {
  for (;;) {
    const { met, reread } = await server.registerReader.turn()
    if (met === 0 && reread === 0) return
  }
}

async function create(fields: Partial<Auth>) {
  const r = await call<Auth>(support, 'POST', '/api/auths', { ...blank, urgent: false, ...fields })
  expect(r.status).toBe(200)
  return r.data
}
/** Changes an auth's status through the console server; the answer. */
async function decide(number: string, code: string) {
  const r = await call<Auth>(support, 'POST', `/api/auths/${number}/process-status/${code}`)
  expect(r.status).toBe(200)
  return r.data
}
async function put(auth: Auth, fields: Partial<Auth>) {
  const r = await call<Auth>(support, 'PUT', `/api/auths/${auth.auth_Number}`, {
    ...auth,
    ...fields,
  })
  expect(r.status).toBe(200)
  return r.data
}

type Kind = 'approve' | 'deny' | 'partial' | 'extend' | 'appeal'
interface Known {
  number: string
  urgent: boolean
  received: number
  decided: number
  first: 'approved' | 'denied' | 'partial'
  extended: boolean
  appealed: boolean
}

interface Figures {
  requests: number
  approved: { numerator: number; denominator: number }
  denied: { numerator: number; denominator: number }
  approvedAfterAppeal: { numerator: number; denominator: number }
  approvedAfterExtension: { numerator: number; denominator: number }
  averageHours: number | null
  medianHours: number | null
}
interface Report {
  standard: Figures
  expedited: Figures
  leftOut: {
    notObserved: number
    closedWithoutDecision: number
    drugs: number
    noReceivedDate: number
  }
  months: { month: number; decisions: number; onTime: number; withClock: number }[]
}

describe('the auth register and the CMS report', () => {
  const known: Known[] = []
  let decidedBefore = 0
  let period: { year: number; month: number }

  it('times 40 decisions passed through it; the report equals one computed here', async () => {
    const today = new Date()
    const before = await call<Report>(
      admin,
      'GET',
      `/console-api/auths/report?year=${today.getFullYear()}&month=${today.getMonth() + 1}`,
    )
    decidedBefore = (
      await call<{ total: number }>(support, 'POST', '/console-api/auths/register', {
        now: Date.now(),
        filter: { clock: ['decided'] },
        limit: 1,
      })
    ).data.total
    const kinds: Kind[] = ['approve', 'deny', 'partial', 'extend', 'appeal']
    for (let i = 0; i < 40; i++) {
      const kind = kinds[i % 5]!
      const urgent = i % 2 === 0
      const receivedText = hoursAgo(2 + i * 5)
      let auth = await create({
        urgent,
        received_Date: receivedText,
        units_Requested: 10,
        service_Type: TIMED_TYPE,
      })
      if (kind === 'partial') auth = await put(auth, { units_Approved: 6, units_Denied: 4 })
      if (kind === 'extend')
        auth = await put(auth, {
          narrative: '[2026-11-20 09:00 support] Review extended: waiting for the clinical notes',
        })
      const first = await decide(
        auth.auth_Number!,
        kind === 'deny' || kind === 'appeal' ? 'D' : 'A',
      )
      if (kind === 'appeal') await decide(auth.auth_Number!, 'A')
      known.push({
        number: auth.auth_Number!,
        urgent,
        received: parseServiceDate(receivedText)!.getTime(),
        decided: parseServiceDate(first.update_Date)!.getTime(),
        first:
          kind === 'deny' || kind === 'appeal'
            ? 'denied'
            : kind === 'partial'
              ? 'partial'
              : 'approved',
        extended: kind === 'extend',
        appealed: kind === 'appeal',
      })
    }

    // Decided where the server could not see it: created and decided on the service, then met.
    for (let i = 0; i < 4; i++) {
      const made = await service.sandbox.call('POST', '/auths', {
        token: support,
        body: { ...blank, urgent: i % 2 === 0, received_Date: hoursAgo(30) },
      })
      const number = (made.data as Auth).auth_Number!
      await service.sandbox.call('POST', `/auths/${number}/process-status/A`, { token: support })
      expect((await call(support, 'GET', `/api/auths/${number}`)).status).toBe(200)
    }
    // Met through the console undecided, decided past it, seen by the register's re-read.
    for (let i = 0; i < 2; i++) {
      const receivedText = hoursAgo(50 + i)
      const auth = await create({ urgent: i === 0, received_Date: receivedText })
      const r = await service.sandbox.call('POST', `/auths/${auth.auth_Number}/process-status/D`, {
        token: support,
      })
      known.push({
        number: auth.auth_Number!,
        urgent: i === 0,
        received: parseServiceDate(receivedText)!.getTime(),
        decided: parseServiceDate((r.data as Auth).update_Date)!.getTime(),
        first: 'denied',
        extended: false,
        appealed: false,
      })
    }
    // Left out: closed without a decision, and a drug.
    await decide((await create({ received_Date: hoursAgo(3) })).auth_Number!, 'C')
    await decide(
      (await create({ received_Date: hoursAgo(3), service_Type: drugType })).auth_Number!,
      'A',
    )
    await readAll()

    const at = new Date(known[0]!.decided)
    period = { year: at.getFullYear(), month: at.getMonth() + 1 }
    const r = await call<Report>(
      admin,
      'GET',
      `/console-api/auths/report?year=${period.year}&month=${period.month}`,
    )
    expect(r.status).toBe(200)
    const inPeriod = known.filter((k) => {
      const d = new Date(k.decided)
      return d.getFullYear() === period.year && d.getMonth() + 1 === period.month
    })
    for (const [name, urgent] of [
      ['standard', false],
      ['expedited', true],
    ] as const) {
      const rows = inPeriod.filter((k) => k.urgent === urgent)
      const hours = rows.map((k) => (k.decided - k.received) / HOUR).sort((a, b) => a - b)
      const mid = hours.length / 2
      const expected = {
        requests: rows.length,
        approved: rows.filter((k) => k.first !== 'denied').length,
        denied: rows.filter((k) => k.first === 'denied').length,
        appeal: rows.filter((k) => k.appealed).length,
        extension: rows.filter((k) => k.extended).length,
        average: hours.reduce((a, b) => a + b, 0) / hours.length,
        median: hours.length % 2 ? hours[Math.floor(mid)]! : (hours[mid - 1]! + hours[mid]!) / 2,
      }
      const got = r.data[name]
      expect(got.requests, name).toBe(expected.requests)
      expect(got.approved).toEqual({ numerator: expected.approved, denominator: rows.length })
      expect(got.denied).toEqual({ numerator: expected.denied, denominator: rows.length })
      expect(got.approvedAfterAppeal).toEqual({
        numerator: expected.appeal,
        denominator: rows.length,
      })
      expect(got.approvedAfterExtension).toEqual({
        numerator: expected.extension,
        denominator: rows.length,
      })
      expect(got.averageHours).toBeCloseTo(expected.average, 6)
      expect(got.medianHours).toBeCloseTo(expected.median, 6)
    }
    expect(r.data.leftOut).toEqual({
      notObserved: before.data.leftOut.notObserved + 4,
      closedWithoutDecision: 1,
      drugs: 1,
      noReceivedDate: 0,
    })
    const month = r.data.months[period.month - 1]!
    expect(month.decisions).toBe(inPeriod.length)
    expect(month.onTime).toBe(
      inPeriod.filter((k) => {
        const rule = k.urgent ? { hours: 72 } : { days: 7 }
        const due = new Date(k.received + (rule.hours ?? 0) * HOUR)
        if (rule.days) due.setDate(due.getDate() + rule.days)
        return k.decided <= due.getTime()
      }).length,
    )

    // Only the audit's roles read it.
    expect(
      (await call(support, 'GET', `/console-api/auths/report?year=${period.year}`)).status,
    ).toBe(403)
    expect((await call(admin, 'GET', '/console-api/auths/report?year=abc')).status).toBe(400)
    expect((await call(admin, 'GET', '/console-api/auths/report?year=2026&month=13')).status).toBe(
      400,
    )
  })

  it('lists the register with how each auth was met; filters, sorts and exports', async () => {
    const r = await call<{
      rows: { auth: Auth; metBy: string; dueMs: number | null }[]
      total: number
      metBy: Record<string, number>
      since: string
    }>(support, 'POST', '/console-api/auths/register', {
      now: Date.now(),
      filter: { clock: ['decided'] },
      limit: 500,
    })
    expect(r.status).toBe(200)
    expect(r.data.total).toBe(decidedBefore + 48)
    expect(r.data.metBy.console).toBeGreaterThanOrEqual(44)
    expect(r.data.metBy.lookup).toBeGreaterThanOrEqual(4)
    expect(Date.parse(r.data.since)).toBeLessThanOrEqual(Date.now())
    const urgent = await call<{ rows: { auth: Auth }[]; total: number }>(
      support,
      'POST',
      '/console-api/auths/register',
      { now: Date.now(), filter: { urgent: true, clock: ['decided'] }, limit: 500 },
    )
    expect(urgent.data.rows.every((row) => row.auth.urgent === true)).toBe(true)
    expect(urgent.data.total).toBeLessThan(r.data.total)
    const exported = await call<{ number: string; clock: string }[]>(
      support,
      'POST',
      '/console-api/auths/register/export',
      { now: Date.now(), filter: { clock: ['decided'] } },
    )
    expect(exported.data.map((e) => e.number).sort()).toEqual(
      r.data.rows.map((row) => row.auth.auth_Number).sort(),
    )
    expect(new Set(exported.data.map((e) => e.clock))).toEqual(new Set(['decided']))
    // Decision due first: those waiting for a decision, soonest due first, then the decided.
    const all = await call<{ rows: { auth: Auth; dueMs: number | null }[] }>(
      support,
      'POST',
      '/console-api/auths/register',
      { now: Date.now(), limit: 500 },
    )
    const waiting = all.data.rows.map(
      (row) => decisionClock(row.auth, DEFAULT_DECISION_RULES, new Date()).kind !== 'decided',
    )
    expect(waiting.indexOf(false)).toBeGreaterThan(0)
    expect(waiting.slice(waiting.indexOf(false)).every((w) => !w)).toBe(true)
    const dues = all.data.rows
      .slice(0, waiting.indexOf(false))
      .flatMap((row) => (row.dueMs === null ? [] : [row.dueMs]))
    expect(dues).toEqual([...dues].sort((a, b) => a - b))
    // Provider, member and number: an ID's start, in any case; a pattern's signs are plain text.
    const one = await create({
      provider_ID: 'Prv-Ab12',
      subscriber_ID: '555123456',
      member_Seq: '01',
      received_Date: hoursAgo(1),
    })
    const by = async (filter: Record<string, string>) =>
      (
        await call<{ rows: { auth: Auth }[] }>(support, 'POST', '/console-api/auths/register', {
          now: Date.now(),
          filter,
          limit: 500,
        })
      ).data.rows.map((row) => row.auth.auth_Number)
    for (const [field, value] of [
      ['provider', one.provider_ID],
      ['member', one.subscriber_ID],
      ['number', one.auth_Number],
    ] as const) {
      const start = String(value).slice(0, -1).toLowerCase()
      expect(await by({ [field]: start }), field).toContain(one.auth_Number)
      expect(await by({ [field]: `_${start}` }), field).toEqual([])
      expect(await by({ [field]: `%${String(value).slice(1)}` }), field).toEqual([])
    }
    // Bad questions get a clear answer.
    for (const body of [
      { now: 'soon' },
      { now: 1, filter: { clock: ['late'] } },
      { now: 1, limit: 100_000 },
      { now: 1, sort: { field: 'record; DROP TABLE x' } },
      { now: 1, extra: true },
    ])
      expect((await call(support, 'POST', '/console-api/auths/register', body)).status).toBe(400)
  })

  it('leaves out and counts an auth the console cannot read, never the whole page', async () => {
    const api = createApiClient(() => ({
      baseUrl: `${baseUrl}/console-api`,
      apiKey: '',
      token: support,
      database: 'demo',
    }))
    const query = {
      filter: { clock: ['decided' as const] },
      now: Date.now(),
      sort: { field: 'number' as const, direction: 'asc' as const },
      offset: 0,
      limit: 500,
    }
    const whole = await queryRegister(api, query)
    expect(whole.unreadable).toBe(0)
    const broken = whole.rows[3]!.auth.auth_Number!
    const kept = await t.storage.query<{ record: unknown }>(
      `SELECT record FROM mirror_auths WHERE database = 'demo' AND auth_number = $1`,
      [broken],
    )
    await t.storage.query(
      `UPDATE mirror_auths SET record = record || '{"urgent": "yes", "closed": 7}'::jsonb
       WHERE database = 'demo' AND auth_number = $1`,
      [broken],
    )
    const page = await queryRegister(api, query)
    expect(page.unreadable).toBe(1)
    expect(page.rows.map((r) => r.auth.auth_Number)).toEqual(
      whole.rows.map((r) => r.auth.auth_Number).filter((n) => n !== broken),
    )
    expect(page.total).toBe(whole.total)
    // Put back, so the register's re-read restoring it later cannot change what the next test sees.
    await t.storage.query(
      `UPDATE mirror_auths SET record = $2::jsonb WHERE database = 'demo' AND auth_number = $1`,
      [broken, JSON.stringify(kept.rows[0]!.record)],
    )
  })

  it('meets the auths named by the events of the first load, once it is over', async () => {
    await readAll()
    const r = await call<{ rows: { auth: Auth; metBy: string }[] }>(
      support,
      'POST',
      '/console-api/auths/register',
      { now: Date.now(), filter: { number: namedBeforeLoad }, limit: 5 },
    )
    expect(r.data.rows.map((row) => [row.auth.auth_Number, row.metBy])).toEqual([
      [namedBeforeLoad, 'event'],
    ])
  })

  it('meets an auth an event names, as soon as the event is mirrored', async () => {
    const made = await service.sandbox.call('POST', '/auths', {
      token: support,
      body: { ...blank, urgent: true, received_Date: hoursAgo(1) },
    })
    const number = (made.data as Auth).auth_Number!
    const events = await service.sandbox.call('GET', '/events?page=1&pageSize=1', { token: admin })
    const event = (events.data as Record<string, unknown>[])[0]!
    // The change reaches the register's reader through Postgres's notification, which may come
    // a moment after the write's answer: its turn is taken once the feed has told of it.
    const told = new Promise<void>((resolve) => {
      const off = server.feed.subscribe((change) => {
        if (change.kind === 'event' && change.id === String(event.event_ID)) {
          off()
          resolve()
        }
      })
    })
    const put = await call(admin, 'PUT', `/api/events/${String(event.event_ID)}`, {
      ...event,
      subject: `Check auth ${number} with the provider`,
    })
    expect(put.status).toBe(200)
    await told
    await readAll()
    const r = await call<{ rows: { auth: Auth; metBy: string }[] }>(
      support,
      'POST',
      '/console-api/auths/register',
      { now: Date.now(), filter: { number }, limit: 5 },
    )
    expect(r.data.rows.map((row) => [row.auth.auth_Number, row.metBy])).toEqual([[number, 'event']])
  })

  it('reads each clock state in SQL as the model does, at the edges', async () => {
    const warn = DEFAULT_DECISION_RULES.warnHours * HOUR
    const all = await call<{ rows: { auth: Auth; dueMs: number | null }[] }>(
      support,
      'POST',
      '/console-api/auths/register',
      { now: Date.now(), limit: 500 },
    )
    // Some open auths with clocks at known distances.
    for (const h of [1, 30, 60, 71, 80, 200])
      await create({ urgent: h % 2 === 1, received_Date: hoursAgo(h) })
    const rows = (
      await call<{ rows: { auth: Auth; dueMs: number | null }[] }>(
        support,
        'POST',
        '/console-api/auths/register',
        { now: Date.now(), limit: 500 },
      )
    ).data.rows
    expect(rows.length).toBeGreaterThan(all.data.rows.length)
    const dues = rows.flatMap((r) => (r.dueMs === null ? [] : [r.dueMs]))
    const nows = [Date.now(), ...dues.flatMap((d) => [d, d - 1, d + 1, d - warn, d - warn - 1])]
    for (const now of nows.slice(0, 25)) {
      const expected = new Map<string, string>()
      for (const r of rows) {
        const clock = decisionClock(r.auth, DEFAULT_DECISION_RULES, new Date(now))
        expected.set(
          r.auth.auth_Number!,
          clock.kind === 'running'
            ? clock.state
            : clock.kind === 'decided'
              ? 'decided'
              : 'no-clock',
        )
      }
      // Every state alone and every set of them (the page asks "overdue or due soon", "not
      // decided"), each the union of its states as the model reads them.
      const STATES = ['overdue', 'soon', 'on-time', 'no-clock', 'decided']
      const sets = Array.from({ length: 31 }, (_, bits) =>
        STATES.filter((_, i) => ((bits + 1) >> i) & 1),
      )
      // Urgency too, by turns: all, urgent only, routine only. The total (counted apart from the
      // rows, from the deadlines kept) agrees with the rows.
      const urgentOf = new Map(rows.map((r) => [r.auth.auth_Number!, r.auth.urgent === true]))
      for (const [k, states] of sets.entries()) {
        const urgent = [undefined, true, false][k % 3]
        const got = await call<{ rows: { auth: Auth }[]; total: number }>(
          support,
          'POST',
          '/console-api/auths/register',
          { now, filter: { clock: states, urgent }, limit: 500 },
        )
        expect(got.status, `${states}: ${JSON.stringify(got)}`).toBe(200)
        const want = [...expected]
          .filter(
            ([n, s]) => states.includes(s) && (urgent === undefined || urgentOf.get(n) === urgent),
          )
          .map(([n]) => n)
          .sort()
        const what = `${states}${urgent === undefined ? '' : urgent ? ', urgent' : ', routine'} at ${now}`
        expect(got.data.rows.map((r) => r.auth.auth_Number).sort(), what).toEqual(want)
        expect(got.data.total, what).toBe(want.length)
      }
    }
  })

  it('tells the assignee once per state, and the escalation once overdue long enough', async () => {
    const auth = await create({
      urgent: true,
      // Due in 32 hours, so met on time.
      received_Date: hoursAgo(40),
      assigned_User: 'support',
    })
    const due = parseServiceDate(auth.received_Date)!.getTime() + 72 * HOUR
    type Alerts = { alerts: { authNumber: string; state: string; fresh: boolean }[] }
    const ask = async (token: string, now: number) =>
      (await call<Alerts>(token, 'POST', '/console-api/auths/alerts', { now })).data.alerts.filter(
        (a) => a.authNumber === auth.auth_Number,
      )
    expect(await ask(support, due - 25 * HOUR)).toEqual([])
    expect(await ask(support, due - HOUR)).toMatchObject([{ state: 'soon', fresh: true }])
    expect(await ask(support, due - HOUR / 2)).toMatchObject([{ state: 'soon', fresh: false }])
    expect(await ask(support, due + 1)).toMatchObject([{ state: 'overdue', fresh: true }])
    expect(await ask(admin, due + HOUR)).toEqual([])
    expect(await ask(admin, due + 3 * HOUR)).toMatchObject([{ state: 'escalated', fresh: true }])
    expect(await ask(admin, due + 4 * HOUR)).toMatchObject([{ state: 'escalated', fresh: false }])
    await decide(auth.auth_Number!, 'A')
    expect(await ask(support, due + 5 * HOUR)).toEqual([])
  })

  it('tells only of a change it saw: met overdue, nothing; met within the warning, overdue only', async () => {
    type Alerts = { alerts: { authNumber: string; state: string; fresh: boolean }[] }
    const ask = async (token: string, now: number, number: string) =>
      (await call<Alerts>(token, 'POST', '/console-api/auths/alerts', { now })).data.alerts.filter(
        (a) => a.authNumber === number,
      )
    // Due 28 hours before the server met it: a standing backlog, in the register, not the bell.
    const late = await create({
      urgent: true,
      received_Date: hoursAgo(100),
      assigned_User: 'support',
    })
    const lateDue = parseServiceDate(late.received_Date)!.getTime() + 72 * HOUR
    expect(lateDue).toBeLessThan(Date.now())
    expect(await ask(support, Date.now(), late.auth_Number!)).toEqual([])
    expect(await ask(admin, Date.now() + 10 * HOUR, late.auth_Number!)).toEqual([])
    // Due in 2 hours when met (inside the warning): not "due soon", but overdue once it passes.
    const near = await create({
      urgent: true,
      received_Date: hoursAgo(70),
      assigned_User: 'support',
    })
    const nearDue = parseServiceDate(near.received_Date)!.getTime() + 72 * HOUR
    expect(await ask(support, Date.now(), near.auth_Number!)).toEqual([])
    expect(await ask(support, nearDue + 1, near.auth_Number!)).toMatchObject([
      { state: 'overdue', fresh: true },
    ])
  })
})
