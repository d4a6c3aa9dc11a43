// The Auths register page at scale (`npm run bench:register-page`): builds the app, serves it
// with a fresh sandbox and the console server in front of it, imports BENCH_AUTHS auths
// (default 100,000) through the console server as the Import page sends them (`PUT /api/auths`,
// 1,000 at a time: the server meets each, so all are in its register), then per run in a fresh
// browser context in Debian's Chromium, signed in as support on the register: 40 filter changes
// (decision clock and urgency), each timed from the change to the total's new text on screen
// (after the next frame). p95 and median per run; the median of BENCH_RUNS runs (default 3).
//
//   BENCH_AUTHS=100000 BENCH_RUNS=3 npm run bench:register-page
import { loadavg } from 'node:os'
import {
  launchBrowser,
  median,
  ms,
  percentile,
  PASSWORD,
  signIn,
  startApp,
  timeAction,
} from './bench-lib.mjs'

const AUTHS = Number(process.env.BENCH_AUTHS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const HOUR = 3_600_000
const BATCH = 1000

let seed = 42
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}
const pad = (n) => String(n).padStart(2, '0')
const serviceText = (d) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`

async function importAuths(base) {
  const signedIn = await fetch(`${base}/api/user-authentication`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
      'service-database': 'demo',
    },
  })
  const token = (await signedIn.json()).data.authenticationResult.idToken
  const users = ['support', 'staff', 'admin', null]
  const started = Date.now()
  for (let done = 0; done < AUTHS; done += BATCH) {
    const body = Array.from({ length: Math.min(BATCH, AUTHS - done) }, () => ({
      closed: false,
      new_Or_Extended: false,
      previous_Treatment: false,
      tPlan_DownLoaded: false,
      tPlan_Printed: 'N',
      urgent: rand() < 0.2,
      auth_Code: 'P',
      status: 'Pended',
      received_Date: serviceText(new Date(Date.now() - rand() * 10 * 24 * HOUR)),
      assigned_User: users[Math.floor(rand() * users.length)],
      subscriber_ID: String(100_000_000 + Math.floor(rand() * 900_000_000)),
      member_Seq: '01',
      service_Type: 'Physical Therapy',
    }))
    const response = await fetch(`${base}/api/auths`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'service-database': 'demo',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(600_000),
    })
    if (!response.ok) throw new Error(`the import answered ${response.status}`)
    if ((done / BATCH) % 10 === 9)
      console.log(
        `  ${(done + BATCH).toLocaleString('en-GB')} imported (${Math.round((Date.now() - started) / 1000)} s)`,
      )
  }
  return Date.now() - started
}

const app = await startApp('bench-register-page', 2000)
try {
  console.log(`Importing ${AUTHS.toLocaleString('en-GB')} auths through the console server…`)
  const imported = await importAuths(app.base)
  console.log(`  imported in ${Math.round(imported / 1000)} s`)
  const browser = await launchBrowser()
  const changes = [
    ['Decision clock', 'overdue'],
    ['Decision clock', 'soon'],
    ['Decision clock', 'on-time'],
    ['Urgency', 'urgent'],
    ['Decision clock', 'late'],
    ['Urgency', ''],
    ['Decision clock', ''],
    ['Decision clock', 'open'],
  ]
  const runs = []
  for (let run = 0; run <= RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(page, app.base, 'support')
    await page.goto(`${app.base}/auths/register`)
    await page
      .getByRole('status')
      .filter({ hasText: / auths$/ })
      .waitFor({ timeout: 60_000 })
    await page.evaluate(() => performance.clearResourceTimings())
    const times = []
    const named = []
    const starts = []
    for (let i = 0; i < 40; i++) {
      const [label, value] = changes[i % changes.length]
      named.push(`${label}=${value || 'any'}`)
      starts.push(await page.evaluate(() => performance.now()))
      times.push(
        await timeAction(page, {
          kind: 'select',
          label,
          value,
          status: ' auths$|^No auth matches',
          timeoutMs: 10_000,
        }),
      )
    }
    // The server's share: from the request sent to its answer's first byte.
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('/auths/register'))
        .map((e) => ({ at: e.startTime, wait: e.responseStart - e.requestStart })),
    )
    const waits = requests.map((r) => r.wait)
    /** The server's answers to the questions asked while change `i` was timed. */
    const answersTo = (i) =>
      requests
        .filter((r) => r.at >= starts[i] && r.at < (starts[i + 1] ?? Infinity))
        .map((r) => ms(r.wait))
    await context.close()
    const seen = times.filter((t) => !Number.isNaN(t))
    if (run === 0) continue // warm-up
    runs.push({
      p95: percentile(seen, 0.95),
      median: median(seen),
      missed: times.length - seen.length,
      server: { p95: percentile(waits, 0.95), median: median(waits) },
    })
    const slowest = times
      .map((t, i) => [t, `${i + 1}. ${named[i]}`, i])
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3)
      .map(([t, what, i]) => `${what} ${ms(t)} (server ${answersTo(i).join(' + ') || 'none'})`)
    console.log(`  run ${run}: slowest ${slowest.join(', ')}`)
    const last = runs.at(-1)
    console.log(
      `  run ${run}: p95 ${ms(last.p95)}, median ${ms(last.median)}${last.missed ? `, ${last.missed} changes not seen` : ''}; the server's answer: p95 ${ms(last.server.p95)}, median ${ms(last.server.median)}`,
    )
  }
  await browser.close()
  console.log(
    `\nThe register at ${AUTHS.toLocaleString('en-GB')} auths, filter change to the total on screen: p95 ${ms(median(runs.map((r) => r.p95)))}, median ${ms(median(runs.map((r) => r.median)))} (median of ${RUNS} runs; target p95 ≤ 100 ms)`,
  )
  console.log(`  machine load average (1 min): ${loadavg()[0].toFixed(1)}`)
} finally {
  app.stop()
}
