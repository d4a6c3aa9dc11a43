import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate } from './db/migrations'
import { openEmbedded, type Storage } from './db/storage'
import { Mirror } from './mirror/mirror'
import { createAccount } from './service/account'
import { createReader } from './service/reader'
import { openTestStorage, startService } from './testing'

/*
 * `npx tsx server/bench.ts [events]`: times the first load of a sandbox's demo data (5,000 events
 * by default, the sandbox's own) into embedded Postgres on disk and, with
 * SERVER_TEST_DATABASE_URL, into a Postgres server; and the service's reading alone, without
 * storing, for comparison.
 */

const events = Number(process.argv[2] ?? 5000)
const pageSize = 500
const service = await startService({ events })
const reader = createReader(service.config, createAccount(service.config))
const say = (line: string) => process.stdout.write(line + '\n')

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
  const mirror = new Mirror({
    storage,
    reader,
    database: 'demo',
    pageSize,
    pollMs: 1000,
    sweepMs: 1e9,
  })
  // The process's resident memory, sampled while it loads (the sandbox runs in it too).
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 250)
  const started = performance.now()
  await mirror.firstLoad()
  const ms = performance.now() - started
  clearInterval(sampler)
  const { rows } = await storage.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM mirror_events',
  )
  return { ms, count: Number(rows[0]!.n), peakMb: peak / 2 ** 20 }
}

say(
  `${events} events, pages of ${pageSize}; RSS before loading ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
)
if (!process.env.BENCH_SKIP_READ_ONLY) {
  await readOnly()
  say(`service reads alone: ${(await readOnly()).toFixed(0)} ms`)
}
const dir = mkdtempSync(path.join(tmpdir(), 'console-bench-'))
const opened = performance.now()
const embedded = await openEmbedded(path.join(dir, '.console-data'))
say(`embedded start (new data folder): ${(performance.now() - opened).toFixed(0)} ms`)
const e = await load(embedded)
say(
  `embedded (PGlite on disk): ${e.ms.toFixed(0)} ms for ${e.count} events; ` +
    `peak RSS ${e.peakMb.toFixed(0)} MB (this process: the sandbox and the server)`,
)
await embedded.close()
rmSync(dir, { recursive: true, force: true })
if (process.env.SERVER_TEST_DATABASE_URL) {
  const t = await openTestStorage('postgres')
  const p = await load(t.storage)
  say(
    `postgres (pg): ${p.ms.toFixed(0)} ms for ${p.count} events; peak RSS ${p.peakMb.toFixed(0)} MB`,
  )
  await t.close()
}
await service.close()
