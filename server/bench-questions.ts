import { loadavg } from 'node:os'
import { Hono } from 'hono'
import { createAnswerCache } from './answer-cache'
import { openStorage } from './db/storage'
import type { Caller } from './gate'
import { eventCalendarRoutes } from './routes/event-calendar'
import { eventQueryRoutes } from './routes/event-query'

/*
 * `DATABASE_URL=postgres://… npm run bench:questions` (or `CONSOLE_DATA_DIR=…` for an embedded
 * one): how long the server takes to answer a question it has not been asked before, on a mirror
 * already loaded (say by `npm run bench:views` with the same `DATABASE_URL`; the database is
 * `demo`). The list's routes are called in this process, without HTTP or the gate, each question
 * new to routes that keep no answer from before (and a `now` of its own): a list's first page of 100
 * sorted by due date with its total, for each filter, every match's IDs for "due this week" (a
 * bulk change's select all), and everyone's month on the calendar; then that month asked again of
 * routes that keep answers, as a server does until an event changes. Each timed 3 times; the
 * median is reported (BENCHMARKS.md). The storage is migrated first only if `BENCH_MIGRATE=1`.
 */

const say = (line: string) => process.stdout.write(line + '\n')
const RUNS = 3
const caller: Caller = {
  userId: 'admin',
  name: 'Bench',
  roles: ['admin'],
  groups: [],
  database: 'demo',
  tokenHash: 'bench',
}

const storage = await openStorage({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.CONSOLE_DATA_DIR,
})
if (process.env.BENCH_MIGRATE === '1') {
  const { migrate } = await import('./db/migrations')
  const t0 = performance.now()
  await migrate(storage, { auditRetentionDays: 2192 })
  say(`migrated in ${Math.round(performance.now() - t0)} ms`)
}
/** The routes with answers kept by none: each question is new to them. */
function routes() {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.use('*', async (c, next) => {
    c.set('caller', caller)
    await next()
  })
  app.route(
    '/',
    eventQueryRoutes(storage, () => null, createAnswerCache()),
  )
  app.route(
    '/',
    eventCalendarRoutes(storage, () => null, createAnswerCache()),
  )
  return app
}

let fresh = Date.now()
async function time(path: string, body: Record<string, unknown>) {
  const app = routes()
  const t0 = performance.now()
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, now: ++fresh }),
  })
  await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  return performance.now() - t0
}

const pad = (n: number) => String(n).padStart(2, '0')
const wall = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00:00`
const first = new Date(new Date().getFullYear(), new Date().getMonth(), 1)
first.setDate(first.getDate() - ((first.getDay() + 6) % 7))
const last = new Date(first)
last.setDate(last.getDate() + 42)

const sort = [{ field: 'due_Date', direction: 'asc' }]
const questions: [string, string, Record<string, unknown>][] = [
  ...(
    [
      ['every event', {}],
      ['due this week', { due: 'week' }],
      ['overdue', { due: 'overdue' }],
      ['due today', { due: 'today' }],
      ['open', { completed: false }],
      ['status Open', { status: ['Open'] }],
      ['priority High', { priority: ['High'] }],
      ['search "renewal"', { text: 'renewal' }],
      // A word as the views bench types it: three letters, then four, then five.
      ['search "cla"', { text: 'cla' }],
      ['search "revi"', { text: 'revi' }],
      ['search "membe"', { text: 'membe' }],
    ] as const
  ).map(([name, filter]): [string, string, Record<string, unknown>] => [
    `page of 100 and total: ${name}`,
    '/events/query',
    { filter, sort, limit: 100 },
  ]),
  [
    "the bell: a person's due reminders",
    '/events/query',
    {
      filter: { user: ['admin'], reminderDue: true },
      sort: [{ field: 'next_Scheduled_Date', direction: 'asc' }],
      limit: 100,
    },
  ],
  ['IDs of every event due this week', '/events/query', { filter: { due: 'week' }, select: 'ids' }],
  [
    "everyone's month on the calendar",
    '/events/calendar',
    { from: wall(first), to: wall(last), perDay: 3 },
  ],
]

const { rows } = await storage.query<{ n: string | number }>(
  `SELECT count(*) AS n FROM mirror_events WHERE database = 'demo'`,
)
say(`${Number(rows[0]?.n ?? 0).toLocaleString('en')} events mirrored (${storage.kind})`)
for (const [name, path, body] of questions) {
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await time(path, body))
  const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
  say(
    `  ${name.padEnd(44)} ${String(Math.round(median)).padStart(6)} ms  (${runs.map(Math.round).join(', ')})`,
  )
}
// The same month asked again by routes that keep answers (as a server does until an event
// changes): its facts read once, the digest made for each question (it depends on now).
{
  const kept = createAnswerCache()
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.use('*', async (c, next) => {
    c.set('caller', caller)
    await next()
  })
  app.route(
    '/',
    eventCalendarRoutes(storage, () => null, kept),
  )
  const ask = async () => {
    const t0 = performance.now()
    const response = await app.request('/events/calendar', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: wall(first), to: wall(last), perDay: 3, now: ++fresh }),
    })
    await response.text()
    if (response.status !== 200) throw new Error(`the calendar answered ${response.status}`)
    return performance.now() - t0
  }
  await ask()
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await ask())
  const median = [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
  say(
    `  ${"everyone's month again, its facts kept".padEnd(44)} ${String(Math.round(median)).padStart(6)} ms  (${runs.map(Math.round).join(', ')})`,
  )
}
say(`load average ${loadavg()[0]!.toFixed(1)}`)
await storage.close()
