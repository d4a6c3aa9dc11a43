import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { configFromEnv } from '../sandbox/config'
import { DEMO_PASSWORD } from '../sandbox/identity/users'
import { startServer } from '../sandbox/server'
import { ask, benchRoutes, thisMonthOnTheCalendar } from './bench-routes'
import { migrate } from './db/migrations'
import { openEmbedded, type Storage } from './db/storage'
import { Mirror } from './mirror/mirror'
import { createAccount } from './service/account'
import { createReader } from './service/reader'
import { openTestStorage } from './testing'

/*
 * `npx tsx server/bench.ts [events]`: times the first load of a sandbox's demo data (5,000 events
 * by default, the sandbox's own) into embedded Postgres on disk and, with
 * SERVER_TEST_DATABASE_URL, into a Postgres server; and the service's reading alone, without
 * storing, for comparison. The sandbox runs in a child process, as a deployment's service runs
 * elsewhere, so the peak memory reported (VmHWM) is the console server's alone: its mirror and its
 * reader; its embedded Postgres's processes are reported beside it. `BENCH_KEEP_DIR=<folder>` keeps the embedded data folder there
 * (for `CONSOLE_DATA_DIR=<folder>/.console-data npm run bench:questions`).
 */

const events = Number(process.argv[2] ?? 5000)
const pageSize = 500
const say = (line: string) => process.stdout.write(line + '\n')
const peakMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024
const rssMb = () => process.memoryUsage().rss / 2 ** 20
/** The embedded Postgres's processes' memory now, as their proportional share (PSS). */
const postgresMb = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
      return sum + Number(pss?.[1] ?? 0) / 1024
    } catch {
      return sum
    }
  }, 0)

interface SandboxReady {
  baseUrl: string
  apiKey: string
}

/** The child: the sandbox on a free port, seeded with `events`, until told to stop. */
async function serveSandbox() {
  const dataDir = process.env.BENCH_SANDBOX_DIR!
  const server = await startServer(
    { ...configFromEnv({}), dataDir, events: Number(process.env.BENCH_SANDBOX_EVENTS) },
    { port: 0 },
  )
  process.on('message', (message) => {
    if (message === 'stop') void server.close().then(() => process.exit(0))
  })
  process.send?.({
    baseUrl: server.baseUrl,
    apiKey: server.sandbox.context.config.apiKey,
  } satisfies SandboxReady)
}

async function startSandbox(dataDir: string) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...process.env,
      BENCH_ROLE: 'sandbox',
      BENCH_SANDBOX_DIR: dataDir,
      BENCH_SANDBOX_EVENTS: String(events),
    },
    execArgv: process.execArgv,
  })
  const ready = await new Promise<SandboxReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as SandboxReady))
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.send('stop')
    })
  return { ...ready, stop }
}

async function main() {
  const sandboxDir = mkdtempSync(path.join(tmpdir(), 'console-bench-sandbox-'))
  const sandbox = await startSandbox(sandboxDir)
  const service = {
    serviceUrl: sandbox.baseUrl,
    serviceApiKey: sandbox.apiKey,
    account: { username: 'support', password: DEMO_PASSWORD },
  }
  const reader = createReader(service, createAccount(service))

  async function readOnly() {
    const started = performance.now()
    for (let page = 1; ; page++) {
      const result = await reader.eventPage('demo', page, pageSize, 'event_ID:asc')
      if (result.size < pageSize) break
    }
    return performance.now() - started
  }

  async function load(storage: Storage) {
    await migrate(storage, { auditRetentionDays: 2192 })
    say(`  migrated: peak memory ${peakMb().toFixed(0)} MB, now ${rssMb().toFixed(0)} MB`)
    const mirror = new Mirror({
      storage,
      reader,
      database: 'demo',
      pageSize,
      pollMs: 1000,
      sweepMs: 1e9,
    })
    const started = performance.now()
    await mirror.firstLoad()
    const ms = performance.now() - started
    const { rows } = await storage.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM mirror_events',
    )
    return { ms, count: Number(rows[0]!.n) }
  }

  say(`${events} events, pages of ${pageSize}; RSS before loading ${rssMb().toFixed(0)} MB`)
  if (!process.env.BENCH_SKIP_READ_ONLY) {
    await readOnly()
    say(`service reads alone: ${(await readOnly()).toFixed(0)} ms`)
  }
  const keep = process.env.BENCH_KEEP_DIR
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'console-bench-'))
  const opened = performance.now()
  const embedded = await openEmbedded(path.join(dir, '.console-data'))
  say(
    `embedded start (new data folder): ${(performance.now() - opened).toFixed(0)} ms; peak memory ${peakMb().toFixed(0)} MB, now ${rssMb().toFixed(0)} MB`,
  )
  // The peak from here on: the load's own (Linux: 5 resets the peak resident size).
  writeFileSync('/proc/self/clear_refs', '5')
  const e = await load(embedded)
  say(
    `embedded Postgres on disk: ${e.ms.toFixed(0)} ms for ${e.count} events; ` +
      `console server's peak memory ${peakMb().toFixed(0)} MB, now ${rssMb().toFixed(0)} MB, ` +
      `its Postgres now ${postgresMb(embedded.pids()).toFixed(0)} MB ` +
      `(the sandbox in its own process); load average ${loadavg()[0]!.toFixed(1)}`,
  )
  // The largest answer the server makes: everyone's month on the calendar (its facts read whole).
  await embedded.exec('ANALYZE')
  const month = await ask(benchRoutes(embedded), '/events/calendar', thisMonthOnTheCalendar())
  const placed = (month.data as { placed: number }).placed
  say(
    `everyone's month on the calendar: ${month.ms.toFixed(0)} ms (${placed} placed); ` +
      `peak memory since the load began ${peakMb().toFixed(0)} MB, now ${rssMb().toFixed(0)} MB, ` +
      `its Postgres now ${postgresMb(embedded.pids()).toFixed(0)} MB`,
  )
  await embedded.close()
  if (!keep) rmSync(dir, { recursive: true, force: true })
  if (process.env.SERVER_TEST_DATABASE_URL) {
    const t = await openTestStorage('postgres')
    const p = await load(t.storage)
    say(
      `postgres (pg): ${p.ms.toFixed(0)} ms for ${p.count} events; peak ${peakMb().toFixed(0)} MB`,
    )
    await t.close()
  }
  await sandbox.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
}

if (process.env.BENCH_ROLE === 'sandbox') await serveSandbox()
else await main()
