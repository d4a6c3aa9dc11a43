import { loadavg } from 'node:os'
import { createAnswerCache } from './answer-cache'
import { ask, benchRoutes, thisMonthOnTheCalendar } from './bench-routes'
import { openStorage } from './db/storage'

/*
 * `DATABASE_URL=postgres://… npm run bench:questions` (or `CONSOLE_DATA_DIR=…` for an embedded
 * one): how long the server takes to answer a question it has not been asked before, on a mirror
 * already loaded (say by `npm run bench:views` with the same `DATABASE_URL`; the database is
 * `demo`). The list's routes are called in this process, without HTTP or the gate, each question
 * new to routes that keep no answer from before (and a `now` of its own): a list's first page of 100
 * sorted by due date with its total, for each filter, every match's IDs for "due this week" (a
 * bulk change's select all), and everyone's month on the calendar; then that month asked again of
 * routes that keep answers, as a server does until an event changes, and after 10 events changed
 * (the month's facts and its dateless events' IDs patched); and overdue and the bell asked a
 * minute after they were (carried from the answer kept). Each timed 3 times; the
 * median is reported (BENCHMARKS.md). Last, every open event read for an export, by pages at a
 * growing offset and by every match's IDs then their records, timed once each. The storage is migrated first only if `BENCH_MIGRATE=1`.
 */

const say = (line: string) => process.stdout.write(line + '\n')
const RUNS = 3
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
  ["everyone's month on the calendar", '/events/calendar', thisMonthOnTheCalendar()],
]

/** One line of the report: the question, the median of its runs, each run. */
function report(name: string, runs: readonly number[]) {
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!
  say(
    `  ${name.padEnd(44)} ${String(Math.round(median)).padStart(6)} ms  (${runs.map(Math.round).join(', ')})`,
  )
}

const { rows } = await storage.query<{ n: string | number }>(
  `SELECT count(*) AS n FROM mirror_events WHERE database = 'demo'`,
)
say(`${Number(rows[0]?.n ?? 0).toLocaleString('en')} events mirrored (${storage.kind})`)
for (const [name, path, body] of questions) {
  const runs: number[] = []
  // Routes keeping no answer from before: each question is new to them.
  for (let i = 0; i < RUNS; i++) runs.push((await ask(benchRoutes(storage), path, body)).ms)
  report(name, runs)
}
// The same month asked again by routes that keep answers (as a server does until an event
// changes): its facts read once, the digest made for each question (it depends on now).
{
  const app = benchRoutes(storage)
  const month = thisMonthOnTheCalendar()
  await ask(app, '/events/calendar', month)
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) runs.push((await ask(app, '/events/calendar', month)).ms)
  report("everyone's month again, its facts kept", runs)
}
// Then after events change, as they do all day on a team: the cache is told that 10 events
// changed (their facts read again, whether or not they are in the month), and the month asked.
{
  const answers = createAnswerCache()
  const app = benchRoutes(storage, answers)
  const month = thisMonthOnTheCalendar()
  await ask(app, '/events/calendar', month)
  const { rows: changed } = await storage.query<{ event_id: number }>(
    `SELECT event_id FROM mirror_events WHERE database = 'demo' ORDER BY random() LIMIT ${10 * RUNS}`,
  )
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    answers.changed(
      changed
        .slice(i * 10, i * 10 + 10)
        .map((r) => ({ database: 'demo', kind: 'event' as const, id: String(r.event_id) })),
    )
    runs.push((await ask(app, '/events/calendar', month)).ms)
  }
  report("everyone's month after 10 events changed", runs)
}
// A question that moves with now a minute on, as the console asks at each minute: the answer
// kept at the minute before carried by reading the events due or ringing between the two.
for (const i of [2, questions.findIndex(([name]) => name.startsWith('the bell'))]) {
  const [name, path, body] = questions[i]!
  const app = benchRoutes(storage)
  let minute = Math.floor(Date.now() / 60_000) * 60_000
  await ask(app, path, body, minute)
  const runs: number[] = []
  for (let run = 0; run < RUNS; run++) {
    minute += 60_000
    runs.push((await ask(app, path, body, minute)).ms)
  }
  report(`${name.replace('page of 100 and total: ', '')}, a minute on`, runs)
}
// Every open event for an export, sorted by due date, as the console read it before and as it
// reads it now: pages of 1,000 at a growing OFFSET, or every match's IDs and then their records
// by 1,000. Timed once each (a whole plan's worth of answers).
{
  const app = benchRoutes(storage)
  const filter = { completed: false }
  const t0 = performance.now()
  let read = 0
  for (let offset = 0; ; offset += 1000) {
    const { data } = await ask(app, '/events/query', { filter, sort, offset, limit: 1000 })
    const { rows, total } = data as { rows: unknown[]; total: number }
    read += rows.length
    if (rows.length < 1000 || read >= total) break
  }
  report(`export by pages of 1,000 (${read.toLocaleString('en')} events)`, [performance.now() - t0])
  const t1 = performance.now()
  const { data } = await ask(app, '/events/query', { filter, sort, select: 'ids' })
  const { ids } = data as { ids: number[] }
  let found = 0
  for (let i = 0; i < ids.length; i += 1000) {
    // Asked as it is sent: the records route takes IDs alone, no instant.
    const response = await app.request('/events/records', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(i, i + 1000) }),
    })
    if (response.status !== 200) throw new Error(`/events/records answered ${response.status}`)
    found += ((await response.json()) as { data: unknown[] }).data.length
  }
  report(`export by IDs, then records (${found.toLocaleString('en')} events)`, [
    performance.now() - t1,
  ])
}
say(`load average ${loadavg()[0]!.toFixed(1)}`)
await storage.close()
