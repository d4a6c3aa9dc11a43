/**
 * Sandbox benchmark (`npm run bench:sandbox`): a fresh data dir seeded with 100,000 events, the
 * real server (`startServer`) on a free port in a child process, and timings over HTTP from
 * this process, so the client's own work does not share the server's event loop (as with a
 * browser). Prints a table of p50/p99 latencies.
 *
 *   BENCH_EVENTS=100000 BENCH_ITERATIONS=300 npm run bench:sandbox
 */
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { configFromEnv } from './config'
import { DEMO_PASSWORD } from './identity/users'
import { startServer } from './server'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300)
const BATCH_RUNS = 7
const BATCH_SIZE = 1000

interface Ready {
  baseUrl: string
  apiKey: string
}

/** The child: runs the server until told to stop. */
async function serve(dataDir: string) {
  const server = await startServer({ ...configFromEnv({}), dataDir, events: EVENTS }, { port: 0 })
  process.on('message', (message) => {
    if (message === 'stop') void server.close().then(() => process.exit(0))
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ cpuMs: (user + system) / 1000 })
    }
  })
  process.send?.({ baseUrl: server.baseUrl, apiKey: server.sandbox.context.config.apiKey })
}

/** Starts the server in a child process with the same loader (tsx) as this one. */
async function startChild(dataDir: string) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DATA_DIR: dataDir },
    execArgv: process.execArgv,
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })
  return {
    ...ready,
    /** CPU time the server process has used so far (ms): work done, whatever the machine's load. */
    cpuMs: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs))
        child.send('cpu')
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.send('stop')
      }),
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
const ms = (n: number) => n.toFixed(2)

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'))
  const server = await startChild(dataDir)
  try {
    const signIn = await fetch(`${server.baseUrl}/user-authentication`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${DEMO_PASSWORD}`).toString('base64')}`,
        'x-api-key': server.apiKey,
        'service-database': 'demo',
      },
    })
    const signedIn = (await signIn.json()) as {
      data: { authenticationResult: { idToken: string } }
    }
    const headers = {
      authorization: `Bearer ${signedIn.data.authenticationResult.idToken}`,
      'x-api-key': server.apiKey,
      'service-database': 'demo',
    }

    /** One request with a ready JSON text body, read to its end; throws unless it is 200. */
    async function send(method: string, pathname: string, body?: string) {
      const response = await fetch(server.baseUrl + pathname, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body,
      })
      const text = await response.text()
      if (response.status !== 200)
        throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`)
      return text
    }
    const call = async (method: string, pathname: string) =>
      JSON.parse(await send(method, pathname)) as { data: unknown }

    async function measure(label: string, run: () => Promise<unknown>, n = ITERATIONS) {
      for (let i = 0; i < Math.min(20, n); i++) await run() // warm-up
      const times: number[] = []
      const cpuBefore = await server.cpuMs()
      for (let i = 0; i < n; i++) {
        const t = performance.now()
        await run()
        times.push(performance.now() - t)
      }
      const cpu = ((await server.cpuMs()) - cpuBefore) / n
      times.sort((a, b) => a - b)
      return { label, n, p50: quantile(times, 0.5), p99: quantile(times, 0.99), cpu }
    }

    // The first request opens and seeds the database.
    const seedStart = performance.now()
    await call('GET', '/events?pageSize=1')
    const seedMs = performance.now() - seedStart

    const rows = []
    for (const page of [1, 10, 100, 500].filter((p) => p * 100 <= EVENTS)) {
      const url = `/events?pageSize=100&sortBy=due_Date:desc&page=${page}`
      const sample = (await call('GET', url)).data as unknown[]
      if (sample.length !== 100) throw new Error(`${url}: ${sample.length} events`)
      rows.push(await measure(`GET ${url}`, () => send('GET', url)))
    }
    let seed = 1
    const randomId = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return 1 + (seed % EVENTS)
    }
    rows.push(await measure('GET /events/{id}', () => send('GET', `/events/${randomId()}`), 1000))

    /**
     * 1000-item batches. "Edit + import": 500 existing events sent back with status and priority
     * changed (a bulk edit) plus 500 new events (an import). "Replace": 1000 existing events each
     * overwritten with another event's fields, so every column and index entry changes.
     */
    async function batchRuns(kind: 'edit' | 'replace') {
      const times: number[] = []
      const cpu: number[] = []
      for (let run = 0; run < BATCH_RUNS; run++) {
        const size = kind === 'edit' ? BATCH_SIZE / 2 : BATCH_SIZE
        const page = 1 + ((run * 37 + 11) % Math.floor(EVENTS / size))
        const existing = (await call('GET', `/events?pageSize=${size}&page=${page}`))
          .data as Record<string, unknown>[]
        const items =
          kind === 'edit'
            ? [
                ...existing.map((e, i) => ({
                  ...e,
                  status: 'In progress',
                  priority: i % 2 ? 'HIGH' : 'NORMAL',
                })),
                ...existing.map((e, i) => ({ ...e, event_ID: 0, subject: `Imported ${run}-${i}` })),
              ]
            : existing.map((e, i) => ({
                ...existing[(i + 7) % existing.length],
                event_ID: e.event_ID,
              }))
        const body = JSON.stringify(items)
        const cpuBefore = await server.cpuMs()
        const t0 = performance.now()
        const answer = await send('PUT', '/events-batch', body)
        times.push(performance.now() - t0)
        cpu.push((await server.cpuMs()) - cpuBefore)
        const results = (JSON.parse(answer) as { data: { status: number }[] }).data
        const failed = results.filter((r) => r.status >= 400).length
        if (results.length !== BATCH_SIZE || failed > 0)
          throw new Error(`${kind} batch run ${run}: ${results.length} results, ${failed} failed`)
      }
      return {
        times: times.sort((x, y) => x - y),
        cpu: quantile(
          cpu.sort((x, y) => x - y),
          0.5,
        ),
      }
    }
    const batches = [
      {
        label: `PUT /events-batch, ${BATCH_SIZE} items: 500 edits + 500 new`,
        ...(await batchRuns('edit')),
      },
      {
        label: `PUT /events-batch, ${BATCH_SIZE} items: all fields replaced`,
        ...(await batchRuns('replace')),
      },
    ]

    const width = Math.max(
      ...rows.map((r) => r.label.length),
      ...batches.map((b) => b.label.length),
    )
    const line = (label: string, ...cells: string[]) =>
      console.log(`${label.padEnd(width)}${cells.map((cell) => cell.padStart(10)).join('')}`)
    const rule = () => console.log('-'.repeat(width + 40))
    console.log(
      `\nSandbox benchmark: ${EVENTS.toLocaleString('en')} events, Node ${process.version}, ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    )
    console.log(`First request (open and seed the database): ${(seedMs / 1000).toFixed(1)} s`)
    console.log('server CPU = CPU time the server process spent per request (whatever the load)\n')
    line('operation', 'n', 'p50 ms', 'p99 ms', 'CPU ms')
    rule()
    for (const r of rows) line(r.label, String(r.n), ms(r.p50), ms(r.p99), ms(r.cpu))
    console.log()
    line('batch', 'runs', 'median ms', 'max ms', 'CPU ms')
    rule()
    for (const { label, times, cpu } of batches)
      line(label, String(times.length), ms(quantile(times, 0.5)), ms(times.at(-1) ?? NaN), ms(cpu))

    const pages = rows.slice(0, -1)
    const single = rows.at(-1)
    const batch = Math.max(...batches.map((x) => quantile(x.times, 0.5)))
    console.log('\nTargets: sorted page p99 < 15 ms, single read p99 < 5 ms, batch < 300 ms')
    console.log(
      `  sorted pages: ${pages.every((r) => r.p99 < 15) ? 'met' : 'MISSED'}; single read: ${single && single.p99 < 5 ? 'met' : 'MISSED'}; batch: ${batch < 300 ? 'met' : 'MISSED'}`,
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.env.BENCH_ROLE === 'server') await serve(process.env.BENCH_DATA_DIR as string)
else await main()
