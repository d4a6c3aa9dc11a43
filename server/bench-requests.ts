import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { tsImport } from 'tsx/esm/api'
import { configFromEnv } from '../sandbox/config'
import { DEMO_PASSWORD, SERVICE_ACCOUNT } from '../sandbox/identity/users'
import { startServer } from '../sandbox/server'
import { followChanges } from '../src/api/change-stream'
import type { ServerConfig } from './config'
import { createConsoleServer, listen } from './server'

/*
 * `npm run bench:server [-- --minutes 10 --events 100000 --clients 1,10,50 --cases without,with]`:
 * what the SERVICE receives from the console's event index, without the console's server and with
 * it. The sandbox runs in a child process (seeded once, reused by every case) behind a counting
 * HTTP proxy in this one, and the console server in another child; every request the service gets
 * passes the proxy, which counts requests and response-body bytes by kind. Per case, N signed-in clients of two tabs each run for a window of `--minutes`
 * while a writer changes an event on the service every ~10 s (straight to the sandbox, not
 * counted), so syncs find something.
 *
 * A tab reads with the console's own code (`loadAll`, `newestVersion`, `syncChanges` from
 * `src/features/events/index/load-index.ts`, its stream with `followChanges`), on the worker's
 * timings, read from the console's sources so the bench follows them. Its index is a stand-in
 * holding each event's version only: that is all the reading decides on, and 100 real indexes of
 * 100,000 events would not fit beside everything else.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DATABASE = 'demo'

// --- The console's own timings and code --------------------------------------------------------

/** A numeric constant of a console source (`NAME = 10 * 60_000`), so the bench keeps its pace. */
function constantOf(file: string, name: string): number {
  const source = readFileSync(path.join(ROOT, file), 'utf8')
  const found = new RegExp(`const ${name} = ([\\d_ *]+)\\n`).exec(source)
  if (!found) throw new Error(`${name} is no longer a number in ${file}: update the bench`)
  return found[1]!.split('*').reduce((product, n) => product * Number(n.replaceAll('_', '')), 1)
}
const PROVIDER = 'src/features/events/index/event-index-provider.tsx'
const SYNC_INTERVAL_MS = constantOf(PROVIDER, 'SYNC_INTERVAL_MS')
const FULL_PASS_INTERVAL_MS = constantOf(PROVIDER, 'FULL_PASS_INTERVAL_MS')
const CHANGE_BATCH_MS = constantOf(PROVIDER, 'CHANGE_BATCH_MS')
const SESSION_CHECK_MS = constantOf('src/features/session/use-session-check.ts', 'SESSION_CHECK_MS')
/** The console's client gives up on an answer (headers and body) after this long. */
const REQUEST_TIMEOUT_MS = constantOf('src/api/client.ts', 'DEFAULT_TIMEOUT_MS')
/** `eventIndexLimit`'s default: the worker reads the page just past it first. */
const INDEX_LIMIT = 250_000

interface IndexedEvent {
  event_ID: number
  update_Date: string | null
}
interface Page {
  records: IndexedEvent[]
  unreadable: never[]
}
type FetchPage = (page: number, pageSize: number, sortBy: string) => Promise<Page>
/** What `loadAll` and `syncChanges` ask of an `EventIndex`. */
interface HeldIndex {
  readonly size: number
  upsert(events: readonly IndexedEvent[]): void
  remove(ids: Iterable<number>): void
  markUnreadable(records: readonly unknown[]): void
  settleUnreadable(met: ReadonlySet<number>, count: number, keep: (id: number) => boolean): void
  heldVersion(id: number): number | null | undefined
  versions(): Map<number, number | null>
}
interface LoadIndex {
  INDEX_PAGE_SIZE: number
  loadAll(index: HeldIndex, fetchPage: FetchPage): Promise<unknown>
  newestVersion(fetchPage: FetchPage): Promise<number | null>
  syncChanges(
    index: HeldIndex,
    fetchPage: FetchPage,
    since: number | null,
  ): Promise<{ since: number | null }>
}

// The console's modules import with its `@/` paths, which only the app's tsconfig knows; loaded
// through tsx with that tsconfig (a specifier typed `string` keeps tsc out of the app's tree).
const appModule = (file: string) =>
  tsImport(path.join(ROOT, file), {
    parentURL: import.meta.url,
    tsconfig: path.join(ROOT, 'tsconfig.app.json'),
  })
const loadIndex = (await appModule('src/features/events/index/load-index.ts')) as LoadIndex
const { versionKey } = (await appModule('src/features/events/index/event-index.ts')) as {
  versionKey(text: string | null | undefined): number | null
}
// The console's own errors: `loadAll` asks a page again (then in smaller pages) after a timeout,
// no answer or a 5xx, as a tab does when the service is slow, which adds to what it receives.
const { ApiError, NetworkError } = (await appModule('src/api/errors.ts')) as {
  ApiError: new (init: { operation: string; status: number }) => Error
  NetworkError: new (operation: string, kind: 'unreachable' | 'timeout' | 'aborted') => Error
}

/** The index stand-in: each event's version, as `EventIndex` keeps it (`versionKey`). */
function heldIndex(): HeldIndex {
  const held = new Map<number, number | null>()
  return {
    get size() {
      return held.size
    },
    upsert: (events) => events.forEach((e) => held.set(e.event_ID, versionKey(e.update_Date))),
    remove: (ids) => [...ids].forEach((id) => held.delete(id)),
    markUnreadable: () => undefined,
    settleUnreadable: () => undefined,
    heldVersion: (id) => held.get(id),
    versions: () => held,
  }
}

// --- Options -------------------------------------------------------------------------------------

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    events: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '1,10,50' },
    /** `without`, `with` or both: one side alone when only it needs measuring again. */
    cases: { type: 'string', default: 'without,with' },
  },
})
const MINUTES = Number(options.minutes)
const EVENTS = Number(options.events)
const CLIENTS = options.clients.split(',').map(Number)
const CASES = options.cases.split(',')
if (!(MINUTES > 0) || !(EVENTS > 0) || CLIENTS.some((n) => !(n > 0)))
  throw new Error('--minutes, --events and --clients take positive numbers')
const WINDOW_MS = MINUTES * 60_000
const WRITE_EVERY_MS = 10_000
const TABS_PER_CLIENT = 2

// --- The sandbox, in a child process -------------------------------------------------------------

interface SandboxReady {
  baseUrl: string
  apiKey: string
}

/** The child: the sandbox on a free port until told to stop. */
async function serveSandbox(dataDir: string, events: number) {
  const server = await startServer(
    {
      ...configFromEnv({}),
      dataDir,
      events,
      databases: [DATABASE],
      // Every client of every case signs in as its own session.
      sessionsPerUser: 10_000,
    },
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

/**
 * The console server in the child: its mirror in embedded Postgres in `dataDir`, reading the
 * service through the proxy with the README's defaults. Tells its address once the mirror holds
 * the whole database.
 */
async function serveConsoleServer(dataDir: string, serviceUrl: string, apiKey: string) {
  const config: ServerConfig = {
    serviceUrl,
    serviceApiKey: apiKey,
    databases: [DATABASE],
    account: { username: SERVICE_ACCOUNT.userId, password: DEMO_PASSWORD },
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir,
    auditRetentionDays: 2192,
    pollSeconds: 5,
    sweepSeconds: 600,
    pageSize: 500,
  }
  const server = await createConsoleServer(config)
  for (;;) {
    const { rows } = await server.storage.query<{ phase: string }>(
      'SELECT phase FROM mirror_state WHERE database = $1',
      [DATABASE],
    )
    if (rows[0]?.phase === 'ready') break
    await new Promise((r) => setTimeout(r, 500))
  }
  const http = await listen(server, 0)
  process.on('message', (message) => {
    if (message === 'stop')
      void http
        .close()
        .then(() => server.close())
        .then(() => process.exit(0))
  })
  process.send?.({ baseUrl: http.baseUrl })
}

/**
 * A child process (the sandbox, the console server), as each runs in production: neither shares
 * its event loop with the bench's proxy and simulated tabs.
 */
async function startChild<Ready>(role: string, env: Record<string, string>) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...env, BENCH_ROLE: role },
    execArgv: process.execArgv,
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`the ${role} exited with ${code}`)))
  })
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.send('stop')
      }),
  }
}

// --- The counting proxy --------------------------------------------------------------------------

interface Count {
  requests: number
  bytes: number
  /** Requests the service failed to answer (refused, cut off), not those a client gave up on. */
  failed: number
}
type Counts = Map<string, Count>

/**
 * What a request is, from what the service sees: the console server's pass-through carries
 * `X-Forwarded-For` (the browser's address), its gate and mirror do not; the tabs without the
 * server talk to the service directly.
 */
function kindOf(request: http.IncomingMessage): string {
  const pathname = (request.url ?? '').split('?')[0]!.replace(/^\/api/, '')
  const what = pathname.startsWith('/events')
    ? 'events'
    : pathname === '/priorities'
      ? 'token checks (/priorities)'
      : pathname === '/user-authentication'
        ? 'sign-in'
        : `other (${request.method} ${pathname})`
  return request.headers['x-forwarded-for'] ? `passed through: ${what}` : what
}

/** An HTTP proxy to `target` counting requests and response-body bytes by kind. */
async function startProxy(target: URL) {
  const counts: Counts = new Map()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  const server = http.createServer((request, response) => {
    const kind = kindOf(request)
    const count = counts.get(kind) ?? { requests: 0, bytes: 0, failed: 0 }
    counts.set(kind, count)
    count.requests++
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.on('data', (chunk: Buffer) => (count.bytes += chunk.length))
        answer.pipe(response)
      },
    )
    let gaveUp = false
    upstream.on('error', () => {
      if (!gaveUp) count.failed++
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
    // A client that gave up (the window's end) stops the service's answer too.
    response.on('close', () => {
      if (response.writableFinished) return
      gaveUp = true
      upstream.destroy()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    snapshot: (): Counts => new Map([...counts].map(([k, c]) => [k, { ...c }])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        agent.destroy()
      }),
  }
}

function difference(after: Counts, before: Counts): Counts {
  const out: Counts = new Map()
  for (const [kind, c] of after) {
    const b = before.get(kind) ?? { requests: 0, bytes: 0, failed: 0 }
    if (c.requests - b.requests > 0 || c.bytes - b.bytes > 0)
      out.set(kind, {
        requests: c.requests - b.requests,
        bytes: c.bytes - b.bytes,
        failed: c.failed - b.failed,
      })
  }
  return out
}

// --- Clients -------------------------------------------------------------------------------------

async function signIn(sandboxUrl: string, apiKey: string, user: string, password: string) {
  const response = await fetch(`${sandboxUrl}/user-authentication`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      'x-api-key': apiKey,
      'service-database': DATABASE,
    },
  })
  if (!response.ok) throw new Error(`sign-in of ${user}: ${response.status}`)
  const body = (await response.json()) as { data: { authenticationResult: { idToken: string } } }
  return body.data.authenticationResult.idToken
}

/** How the tabs of a case reach their data. */
interface Route {
  /** `GET /events`'s address: the service's, or the server's mirror. */
  eventsUrl: string
  /** The session check: the service's `GET /priorities`, or the server's own `session` route. */
  sessionUrl: string
  /** The server's stream, when there is a server. */
  streamUrl?: string
  /**
   * The server's list query, when it answers the views (the console's default with a server):
   * the tab holds no index, and asks for the list's first page at sign-in and after each change.
   */
  queryUrl?: string
  headers(token: string): Record<string, string>
}

interface TabReport {
  loadedAt: number | null
  syncs: number
  failures: number
  /** Requests that failed, by what the console's client would have called it. */
  problems: Map<string, number>
}

/**
 * A request as the console's client makes it (`createApiClient`): given up after
 * `REQUEST_TIMEOUT_MS`, its failures thrown as the console's errors.
 */
async function request(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  problems: Map<string, number>,
  body?: unknown,
) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, REQUEST_TIMEOUT_MS)
  const onAbort = () => controller.abort()
  signal.addEventListener('abort', onAbort, { once: true })
  const note = (problem: string) => problems.set(problem, (problems.get(problem) ?? 0) + 1)
  try {
    let status: number
    let text: string
    try {
      const response = await fetch(
        url,
        body === undefined
          ? { headers, signal: controller.signal }
          : {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
              signal: controller.signal,
            },
      )
      status = response.status
      text = await response.text()
    } catch {
      const kind = timedOut ? 'timeout' : signal.aborted ? 'aborted' : 'unreachable'
      if (kind !== 'aborted') note(kind)
      throw new NetworkError('GET', kind)
    }
    if (status < 200 || status > 299) {
      note(`HTTP ${status}`)
      throw new ApiError({ operation: 'GET', status })
    }
    return text
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
}

/**
 * One tab, as the console's provider and index worker run it: the load at sign-in (the page past
 * the index limit and the newest version, then `loadAll`), the session check every
 * `SESSION_CHECK_MS`; without the server a sync every `SYNC_INTERVAL_MS` and a full pass every
 * `FULL_PASS_INTERVAL_MS`, with it a sync `CHANGE_BATCH_MS` after a change the stream announces.
 * One fetching job at a time, as in the worker; a sync before the load is done asks nothing.
 */
function runTab(route: Route, token: string, signal: AbortSignal, started: number) {
  const report: TabReport = { loadedAt: null, syncs: 0, failures: 0, problems: new Map() }
  const headers = route.headers(token)
  const fetchPage: FetchPage = async (page, pageSize, sortBy) => {
    const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sortBy })
    const text = await request(`${route.eventsUrl}?${query}`, headers, signal, report.problems)
    return { records: (JSON.parse(text) as { data: IndexedEvent[] }).data, unreadable: [] }
  }
  const index = heldIndex()
  let since: number | null = null
  let ready = false
  let busy: Promise<unknown> = Promise.resolve()
  const exclusive = (job: () => Promise<unknown>) => {
    busy = busy.then(job).catch(() => {
      if (!signal.aborted) report.failures++
    })
    return busy
  }
  /** With the server answering the views: the list's first page and its total, as My events asks. */
  const askList = () =>
    request(route.queryUrl!, headers, signal, report.problems, {
      filter: { completed: false },
      now: Date.now(),
      sort: [{ field: 'due_Date', direction: 'asc' }],
      limit: 50,
    })
  const sync = () => {
    if (!ready) return
    void exclusive(async () => {
      if (route.queryUrl) await askList()
      else since = (await loadIndex.syncChanges(index, fetchPage, since)).since
      report.syncs++
    })
  }
  const timers: ReturnType<typeof setInterval>[] = []
  let checking = false
  timers.push(
    setInterval(() => {
      if (checking) return
      checking = true
      request(route.sessionUrl, headers, signal, report.problems)
        .catch(() => undefined)
        .finally(() => (checking = false))
    }, SESSION_CHECK_MS),
  )
  if (route.streamUrl) {
    let batch: ReturnType<typeof setTimeout> | undefined
    const syncSoon = () => {
      batch ??= setTimeout(() => {
        batch = undefined
        sync()
      }, CHANGE_BATCH_MS)
    }
    void followChanges({
      url: route.streamUrl,
      token: () => token,
      signal,
      onOpen: syncSoon,
      onChange: (change) => {
        if (change.database === DATABASE && change.kind === 'event' && change.op !== 'delete')
          syncSoon()
      },
    })
    signal.addEventListener('abort', () => clearTimeout(batch))
  } else {
    timers.push(setInterval(sync, SYNC_INTERVAL_MS))
    timers.push(
      setInterval(() => {
        if (!ready) return
        void exclusive(async () => {
          const next = await loadIndex.newestVersion(fetchPage)
          await loadIndex.loadAll(index, fetchPage)
          since = next
        })
      }, FULL_PASS_INTERVAL_MS),
    )
  }
  signal.addEventListener('abort', () => timers.forEach(clearInterval))
  const pageSize = loadIndex.INDEX_PAGE_SIZE
  if (route.queryUrl) {
    const asked = exclusive(async () => {
      await askList()
      ready = true
      report.loadedAt = performance.now() - started
    })
    return { report, loaded: asked }
  }
  const loaded = exclusive(async () => {
    const [, newest] = await Promise.all([
      fetchPage(Math.floor(INDEX_LIMIT / pageSize) + 1, pageSize, 'event_ID:asc'),
      loadIndex.newestVersion(fetchPage),
    ])
    since = newest
    await loadIndex.loadAll(index, fetchPage)
    ready = true
    report.loadedAt = performance.now() - started
  })
  return { report, loaded }
}

/** Someone at the service changing one event every ~10 s (not through the proxy: not counted). */
function startWriter(sandboxUrl: string, apiKey: string, token: string) {
  const headers = {
    authorization: `Bearer ${token}`,
    'x-api-key': apiKey,
    'service-database': DATABASE,
  }
  let writes = 0
  let failures = 0
  let n = 0
  const write = async () => {
    const id = 1 + ((n++ * 7919) % EVENTS)
    try {
      const read = await fetch(`${sandboxUrl}/events/${id}`, { headers })
      if (!read.ok) throw new Error(String(read.status))
      const { data } = (await read.json()) as { data: Record<string, unknown> }
      const written = await fetch(`${sandboxUrl}/events/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...data, subject: `Benchmark change ${n}` }),
      })
      await written.body?.cancel()
      if (!written.ok) throw new Error(String(written.status))
      writes++
    } catch {
      failures++
    }
  }
  const timer = setInterval(() => void write(), WRITE_EVERY_MS)
  return {
    get writes() {
      return writes
    },
    get failures() {
      return failures
    },
    stop: () => clearInterval(timer),
  }
}

// --- Cases ---------------------------------------------------------------------------------------

interface CaseResult {
  label: string
  clients: number
  counts: Counts
  minutes: number
  tabs: TabReport[]
  writes: number
  writeFailures: number
}

const say = (line = '') => process.stdout.write(line + '\n')
const mb = (bytes: number) => bytes / 1e6
const total = (counts: Counts) =>
  [...counts.values()].reduce(
    (t, c) => ({
      requests: t.requests + c.requests,
      bytes: t.bytes + c.bytes,
      failed: t.failed + c.failed,
    }),
    { requests: 0, bytes: 0, failed: 0 },
  )

async function runCase(
  label: string,
  clients: number,
  route: Route,
  proxy: Awaited<ReturnType<typeof startProxy>>,
  sandbox: SandboxReady & { baseUrl: string },
  writer: ReturnType<typeof startWriter>,
): Promise<CaseResult> {
  // Signed in before the window, at the service itself: one request per client, not counted.
  const tokens = []
  for (let i = 0; i < clients; i++)
    tokens.push(await signIn(sandbox.baseUrl, sandbox.apiKey, 'admin', DEMO_PASSWORD))
  const stop = new AbortController()
  const before = proxy.snapshot()
  const writesBefore = writer.writes
  const writeFailuresBefore = writer.failures
  const started = performance.now()
  const tabs = tokens.flatMap((token) =>
    Array.from({ length: TABS_PER_CLIENT }, () => runTab(route, token, stop.signal, started)),
  )
  await new Promise((r) => setTimeout(r, WINDOW_MS))
  const counts = difference(proxy.snapshot(), before)
  const minutes = (performance.now() - started) / 60_000
  const writes = writer.writes - writesBefore
  const writeFailures = writer.failures - writeFailuresBefore
  stop.abort()
  await Promise.allSettled(tabs.map((t) => t.loaded))
  // Let aborted answers drain before the next case's snapshot.
  await new Promise((r) => setTimeout(r, 2000))
  const result = {
    label,
    clients,
    counts,
    minutes,
    tabs: tabs.map((t) => t.report),
    writes,
    writeFailures,
  }
  printCase(result)
  return result
}

function printCase(r: CaseResult) {
  const t = total(r.counts)
  const loaded = r.tabs.filter((t) => t.loadedAt !== null)
  const lastLoad = Math.max(0, ...loaded.map((t) => t.loadedAt!))
  say(
    `\n${r.label}, ${r.clients} client(s) × ${TABS_PER_CLIENT} tabs, ${r.minutes.toFixed(2)} min: ` +
      `${t.requests} requests, ${mb(t.bytes).toFixed(1)} MB ` +
      `(${(t.requests / r.minutes).toFixed(1)} requests/min, ${(mb(t.bytes) / r.minutes).toFixed(2)} MB/min)`,
  )
  for (const [kind, c] of [...r.counts].sort((a, b) => b[1].requests - a[1].requests))
    say(
      `  ${kind}: ${c.requests} requests, ${mb(c.bytes).toFixed(2)} MB` +
        (c.failed ? `, ${c.failed} not answered in full` : ''),
    )
  say(
    `  tabs' first loads done in the window: ${loaded.length} of ${r.tabs.length}` +
      (loaded.length ? ` (the last at ${(lastLoad / 1000).toFixed(1)} s)` : '') +
      `; syncs done: ${r.tabs.reduce((n, t) => n + t.syncs, 0)}; ` +
      `failed jobs: ${r.tabs.reduce((n, t) => n + t.failures, 0)}; writer's changes: ${r.writes} ` +
      `(${r.writeFailures} failed)`,
  )
  const problems = new Map<string, number>()
  for (const t of r.tabs)
    for (const [p, n] of t.problems) problems.set(p, (problems.get(p) ?? 0) + n)
  if (problems.size)
    say(`  failed requests: ${[...problems].map(([p, n]) => `${p} ×${n}`).join(', ')}`)
}

async function main() {
  say(
    `bench:server: ${EVENTS} events, windows of ${MINUTES} min, clients ${CLIENTS.join(', ')} ` +
      `(× ${TABS_PER_CLIENT} tabs); ${cpus().length} cores, Node ${process.versions.node}; ` +
      `${new Date().toISOString()}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
  say(
    `console timings: sync ${SYNC_INTERVAL_MS} ms, full pass ${FULL_PASS_INTERVAL_MS} ms, ` +
      `session check ${SESSION_CHECK_MS} ms, change batch ${CHANGE_BATCH_MS} ms`,
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-server-'))
  const sandbox = await startChild<SandboxReady>('sandbox', {
    BENCH_DATA_DIR: path.join(dir, 'sandbox'),
    BENCH_EVENTS: String(EVENTS),
  })
  const proxy = await startProxy(new URL(sandbox.baseUrl))
  const results: CaseResult[] = []
  let consoleServer: { baseUrl: string; stop(): Promise<void> } | undefined
  try {
    const writerToken = await signIn(sandbox.baseUrl, sandbox.apiKey, 'admin', DEMO_PASSWORD)
    // The first read opens the database and seeds it: once, for every case.
    const seeding = performance.now()
    const first = await fetch(`${sandbox.baseUrl}/events?pageSize=1`, {
      headers: {
        authorization: `Bearer ${writerToken}`,
        'x-api-key': sandbox.apiKey,
        'service-database': DATABASE,
      },
    })
    await first.body?.cancel()
    say(`seeded ${EVENTS} events in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
    const writer = startWriter(sandbox.baseUrl, sandbox.apiKey, writerToken)

    const direct: Route = {
      eventsUrl: `${proxy.baseUrl}/events`,
      sessionUrl: `${proxy.baseUrl}/priorities`,
      headers: (token) => ({
        authorization: `Bearer ${token}`,
        'x-api-key': sandbox.apiKey,
        'service-database': DATABASE,
      }),
    }
    if (CASES.includes('without'))
      for (const clients of CLIENTS)
        results.push(await runCase('without the server', clients, direct, proxy, sandbox, writer))

    if (CASES.includes('with')) {
      // One console server for the three cases; its first load is counted apart.
      const beforeLoad = proxy.snapshot()
      const loading = performance.now()
      consoleServer = await startChild<{ baseUrl: string }>('console-server', {
        BENCH_DATA_DIR: path.join(dir, '.console-data'),
        BENCH_SERVICE_URL: proxy.baseUrl,
        BENCH_API_KEY: sandbox.apiKey,
      })
      const firstLoad = total(difference(proxy.snapshot(), beforeLoad))
      const loadSeconds = (performance.now() - loading) / 1000
      say(
        `\nthe server's first load (once): ${firstLoad.requests} requests, ` +
          `${mb(firstLoad.bytes).toFixed(1)} MB in ${loadSeconds.toFixed(0)} s`,
      )
      const base = consoleServer.baseUrl
      const viaServer: Route = {
        eventsUrl: `${base}/console-api/mirror/events`,
        sessionUrl: `${base}/console-api/session`,
        streamUrl: `${base}/console-api/stream`,
        queryUrl: `${base}/console-api/events/query`,
        headers: (token) => ({ authorization: `Bearer ${token}`, 'service-database': DATABASE }),
      }
      for (const clients of CLIENTS)
        results.push(await runCase('with the server', clients, viaServer, proxy, sandbox, writer))
    }
    writer.stop()

    say(
      `\nload average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    say(
      '\n| case | clients (tabs) | requests | MB | requests/min | MB/min | of which `GET /events` | `/priorities` (not passed through) | passed through |',
    )
    say('|---|---|---|---|---|---|---|---|---|')
    for (const r of results) {
      const t = total(r.counts)
      const of = (match: (kind: string) => boolean) =>
        total(new Map([...r.counts].filter(([kind]) => match(kind))))
      const events = of((k) => k === 'events')
      const checks = of((k) => k.startsWith('token checks'))
      const passed = of((k) => k.startsWith('passed through'))
      say(
        `| ${r.label} | ${r.clients} (${r.clients * TABS_PER_CLIENT}) | ${t.requests} | ` +
          `${mb(t.bytes).toFixed(1)} | ${(t.requests / r.minutes).toFixed(1)} | ` +
          `${(mb(t.bytes) / r.minutes).toFixed(2)} | ${events.requests} (${mb(events.bytes).toFixed(1)} MB) | ` +
          `${checks.requests} | ${passed.requests} |`,
      )
    }
  } finally {
    await consoleServer?.stop()
    await proxy.close()
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const env = process.env
if (env.BENCH_ROLE === 'sandbox') await serveSandbox(env.BENCH_DATA_DIR!, Number(env.BENCH_EVENTS))
else if (env.BENCH_ROLE === 'console-server')
  await serveConsoleServer(env.BENCH_DATA_DIR!, env.BENCH_SERVICE_URL!, env.BENCH_API_KEY!)
else await main()
