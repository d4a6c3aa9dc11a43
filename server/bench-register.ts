import { loadavg } from 'node:os'
import { formatServiceDate } from '../src/api/dates'
import { upsertAuth } from './mirror/store'
import { startTestServer } from './testing'

/*
 * `npm run bench:register [-- 100000]`: the auth register's answers at scale. A console server on
 * fresh embedded Postgres (in front of a small sandbox) gets N auths into its register (stored as
 * an import would store them: same code, without the service's round trips), then the Auths
 * page's questions are timed over HTTP as the page asks them: 40 filter changes (clock state,
 * urgency, status, assignee, provider, member, number) with the default sort, each a page of 100
 * with its total. Per run: p95 and median; the median of 3 runs is reported (BENCHMARKS.md).
 */

const say = (line: string) => process.stdout.write(line + '\n')
const N = Number(process.argv[2] ?? process.env.BENCH_AUTHS ?? 100_000)
const RUNS = 3
const HOUR = 3_600_000

function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    return s / 2 ** 31
  }
}

const t0 = Date.now()
const server = await startTestServer({ events: 50, load: true })
// Asked before the long seeding: a kept-alive connection idle that long is closed by then.
const token = await server.service.tokenOf('support')
const rand = random(42)
const users = ['support', 'staff', 'admin', 'sam', 'alex', null]
const statuses: [string, string][] = [
  ['P', 'Pended'],
  ['A', 'Approved'],
  ['D', 'Denied'],
  ['C', 'Closed'],
]
const now = Date.now()
for (let start = 0; start < N; start += 1000) {
  await server.storage.transaction(async (tx) => {
    for (let i = start; i < Math.min(N, start + 1000); i++) {
      const [code, status] = rand() < 0.6 ? statuses[0]! : statuses[1 + Math.floor(rand() * 3)]!
      await upsertAuth(
        tx,
        'demo',
        {
          auth_Number: `27-${String(i).padStart(7, '0')}`,
          auth_Code: code,
          status,
          closed: code === 'C',
          urgent: rand() < 0.2,
          received_Date: formatServiceDate(new Date(now - rand() * 30 * 24 * HOUR)),
          assigned_User: users[Math.floor(rand() * users.length)],
          provider_ID: `P${String(Math.floor(rand() * 5000)).padStart(5, '0')}`,
          subscriber_ID: String(100_000_000 + Math.floor(rand() * 900_000_000)),
          member_Seq: '01',
          service_Type: 'Physical Therapy',
          update_Date: formatServiceDate(new Date(now)),
        },
        { by: 'import', via: 'write' },
      )
    }
  })
}
say(`register of ${N.toLocaleString('en-GB')} auths stored in ${Date.now() - t0} ms`)
// The server's upkeep passes over the tables after the changes an import announces (these rows
// were stored without announcing them, so it is asked here).
const passed = Date.now()
await server.server.upkeep.pass()
say(`upkeep pass (VACUUM ANALYZE) in ${Date.now() - passed} ms`)

async function ask(filter: object) {
  const started = performance.now()
  const response = await fetch(`${server.baseUrl}/console-api/auths/register`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ filter, now: Date.now(), limit: 100 }),
  })
  const body = (await response.json()) as { data: { total: number } }
  if (response.status !== 200) throw new Error(`register answered ${response.status}`)
  return { ms: performance.now() - started, total: body.data.total }
}

// The register page's own choices first (its default is "Not decided"), then the others.
const filters: object[] = [
  { clock: ['overdue', 'soon', 'on-time', 'no-clock'] },
  { clock: ['on-time'] },
  { urgent: true },
  { clock: ['overdue'] },
  { clock: ['soon'] },
  { clock: ['overdue', 'soon'] },
  { clock: ['decided'] },
  { urgent: true, clock: ['overdue', 'soon', 'on-time', 'no-clock'] },
  { status: ['Denied'] },
  { assignee: 'support', clock: ['overdue', 'soon'] },
  { provider: 'P012' },
  { member: '1234' },
  { number: '27-00012' },
  {},
]
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!
await ask({}) // warm-up
const runs: { p95: number; median: number }[] = []
for (let run = 0; run < RUNS; run++) {
  const times: number[] = []
  const slowest = new Map<string, number>()
  for (let i = 0; i < 40; i++) {
    const filter = filters[i % filters.length]!
    const { ms } = await ask(filter)
    times.push(ms)
    const key = JSON.stringify(filter)
    slowest.set(key, Math.max(slowest.get(key) ?? 0, ms))
  }
  const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3)
  say(`  slowest: ${worst.map(([f, ms]) => `${f} ${Math.round(ms)} ms`).join('; ')}`)
  runs.push({ p95: percentile(times, 0.95), median: percentile(times, 0.5) })
  say(
    `run ${run + 1}: p95 ${Math.round(runs.at(-1)!.p95)} ms, median ${Math.round(runs.at(-1)!.median)} ms`,
  )
}
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
say(
  `filter change to a page and its total, ${N.toLocaleString('en-GB')} auths: p95 ${Math.round(
    mid(runs.map((r) => r.p95)),
  )} ms, median ${Math.round(mid(runs.map((r) => r.median)))} ms (median of ${RUNS} runs); load average ${loadavg()[0]!.toFixed(1)}`,
)
await server.close()
