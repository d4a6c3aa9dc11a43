import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import type { SandboxConfig } from '../sandbox/config'
import { DEMO_PASSWORD } from '../sandbox/identity/users'
import { startTestSandbox } from '../sandbox/testing'
import type { ServerConfig } from './config'
import { inject } from 'vitest'
import { openPostgres, quoteIdent, type Storage } from './db/storage'

/*
 * Storage for tests: embedded (the run's own cluster, `test-cluster.ts`) always, and the real
 * Postgres of `SERVER_TEST_DATABASE_URL` when it is set, each test with a fresh database of its
 * own.
 */

export interface TestStorage {
  storage: Storage
  /** The connection string of the fresh database: a second instance opens it. */
  url: string
  close(): Promise<void>
}

export type StorageKind = 'embedded' | 'postgres'

export const testDatabaseUrl = process.env.SERVER_TEST_DATABASE_URL || undefined

/** The kinds every storage test runs against. */
export const storageKinds: StorageKind[] = testDatabaseUrl ? ['embedded', 'postgres'] : ['embedded']

export async function openTestStorage(kind: StorageKind): Promise<TestStorage> {
  const server = kind === 'embedded' ? inject('embeddedClusterUrl') : testDatabaseUrl
  if (!server) throw new Error('SERVER_TEST_DATABASE_URL is not set')
  const name = `console_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${quoteIdent(name)}`)
  await admin.end()
  const url = databaseUrl(server, name)
  const opened = await openPostgres(url)
  const storage: Storage = kind === 'embedded' ? { ...opened, kind } : opened
  let closed = false
  return {
    storage,
    url,
    async close() {
      if (!closed) await storage.close()
      closed = true
      const again = new pg.Client({ connectionString: server })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
      await again.end()
    },
  }
}

/** `server`'s connection string with database `name` instead of its own. */
function databaseUrl(server: string, name: string) {
  const url = new URL(server)
  url.pathname = `/${encodeURIComponent(name)}`
  return url.toString()
}

/** Waits until `check` holds (polling), else fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 5000,
  what = 'the condition',
  /** The pause between two checks (longer for a check that costs the server something). */
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

/** A real sandbox service on a free port, and the server's settings to read it. */
export async function startService(
  overrides: Partial<SandboxConfig> = {},
  options: { user?: string; clock?: () => Date } = {},
) {
  const sandbox = await startTestSandbox(overrides, { over: 'http', clock: options.clock })
  const config: ServerConfig = {
    serviceUrl: sandbox.baseUrl,
    serviceApiKey: sandbox.config.apiKey,
    databases: sandbox.config.databases,
    account: { username: options.user ?? 'support', password: DEMO_PASSWORD },
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '',
    auditRetentionDays: 2192,
    pollSeconds: 1,
    sweepSeconds: 600,
    pageSize: 100,
  }
  const tokens = new Map<string, string>()
  /** An ID token of `user` for `database`, signed in once per test. */
  async function tokenOf(user: string, database = 'demo') {
    const key = `${user}@${database}`
    if (!tokens.has(key))
      tokens.set(key, (await sandbox.signIn(user, DEMO_PASSWORD, database)).idToken)
    return tokens.get(key)!
  }
  /** Every event of the service, read directly, as (id, update_Date) pairs in ID order. */
  async function serviceEvents(database = 'demo') {
    const token = await tokenOf('admin', database)
    const all: { id: number; update: string }[] = []
    for (let page = 1; ; page++) {
      const r = await sandbox.call('GET', `/events?page=${page}&pageSize=1000`, {
        token,
        database,
      })
      const list = r.data as { event_ID: number; update_Date: string }[]
      all.push(...list.map((e) => ({ id: e.event_ID, update: e.update_Date })))
      if (list.length < 1000) break
    }
    return all
  }
  return { sandbox, config, tokenOf, serviceEvents, close: () => sandbox.close() }
}

export type TestService = Awaited<ReturnType<typeof startService>>

/** Count and a SHA-256 over (id, update_Date) in ID order: equal sets give equal sums. */
export function checksum(pairs: readonly { id: number; update: string | null }[]) {
  const sorted = [...pairs].sort((a, b) => a.id - b.id)
  const hash = createHash('sha256')
  for (const p of sorted) hash.update(`${p.id}|${p.update ?? ''}\n`)
  return { count: sorted.length, sum: hash.digest('hex') }
}

/** The mirror's (id, update_Date) pairs of `database`. */
export async function mirroredPairs(storage: Storage, database = 'demo') {
  const { rows } = await storage.query<{ event_id: number; update_date: string | null }>(
    'SELECT event_id, update_date FROM mirror_events WHERE database = $1',
    [database],
  )
  return rows.map((r) => ({ id: Number(r.event_id), update: r.update_date }))
}

/** Every request the server made to the service: method, path and headers. */
export interface Sent {
  method: string
  path: string
  headers: Headers
}

/** The real fetch, noting each request (tests count what reached the service). */
export function countingFetch() {
  const sent: Sent[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      headers: request.headers,
    })
    return fetch(input, init)
  }
  return { sent, fetch: fetchImpl }
}

/** Reads a Server-Sent Events answer message by message. */
export async function openStream(url: string, token: string) {
  const controller = new AbortController()
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  const messages: { event: string; data: unknown }[] = []
  let ended = false
  const done = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          let event = 'message'
          let data = ''
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim()
            if (line.startsWith('data:')) data += line.slice(5).trim()
          }
          if (data) messages.push({ event, data: JSON.parse(data) })
        }
      }
    } catch {
      // Aborted by close().
    }
    ended = true
  })()
  return {
    response,
    messages,
    get ended() {
      return ended
    },
    /** Waits for a message that `match`es. */
    next(match: (m: { event: string; data: unknown }) => boolean, ms = 5000) {
      return eventually(() => messages.find(match), ms, 'a stream message')
    },
    async close() {
      controller.abort()
      await done
    },
  }
}

/** The settings of `config` as the environment `npm run server` reads (server/config.ts). */
export function serverEnv(
  config: ServerConfig,
  storage: { databaseUrl?: string; dataDir?: string },
): Record<string, string> {
  const account: Record<string, string> =
    'tokenFile' in config.account
      ? { SERVICE_TOKEN_FILE: config.account.tokenFile }
      : { SERVICE_USERNAME: config.account.username, SERVICE_PASSWORD: config.account.password }
  return {
    SERVICE_URL: config.serviceUrl,
    SERVICE_API_KEY: config.serviceApiKey,
    SERVICE_DATABASES: config.databases.join(','),
    ...account,
    PORT: String(config.port),
    HOST: config.host,
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    ...(storage.dataDir ? { CONSOLE_DATA_DIR: storage.dataDir } : {}),
    AUDIT_RETENTION_DAYS: String(config.auditRetentionDays),
    MIRROR_POLL_SECONDS: String(config.pollSeconds),
    MIRROR_SWEEP_SECONDS: String(config.sweepSeconds),
    MIRROR_PAGE_SIZE: String(config.pageSize),
  }
}

/**
 * The server as a process of its own, as `npm run server` starts it (`node <tsx> server/index.ts`),
 * with `env` as its whole environment beside PATH. Resolves once it listens, with its address;
 * `kill` sends a signal (SIGKILL: as an out-of-memory killer would stop it).
 */
export const startServerProcess = (env: Record<string, string>, ms = 30_000) =>
  startNodeProcess({
    entry: path.join('server', 'index.ts'),
    env,
    listening: /Console server: (http:\/\/\S+)/,
    ms,
  })

/**
 * A TypeScript program of the repository as a process of its own (`node <tsx> <entry> <args>`),
 * with `env` as its whole environment beside PATH and HOME. Resolves once its output names the
 * address it listens on (the first group of `listening`), with that address; `kill` sends a
 * signal (SIGKILL: as an out-of-memory killer would stop it).
 */
export async function startNodeProcess({
  entry,
  args = [],
  env,
  listening,
  ms = 30_000,
}: {
  entry: string
  args?: string[]
  env: Record<string, string>
  listening: RegExp
  ms?: number
}) {
  const tsx = path.join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs')
  const child = spawn(process.execPath, [tsx, entry, ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: tsx's command line runs the program in a child process and passes
    // signals on, which SIGKILL cannot be; the whole group is killed instead.
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)),
  )
  let gone = false
  void exited.then(() => (gone = true))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // The group is gone already.
    }
  }
  const baseUrl = await eventually(
    () => {
      if (gone) throw new Error(`${entry} stopped while starting:\n${output}`)
      return listening.exec(output)?.[1]
    },
    ms,
    `${entry} to listen`,
  )
  return {
    baseUrl,
    /** Everything it wrote to stdout and stderr. */
    get output() {
      return output
    },
    exited,
    /**
     * Sends `name` (SIGKILL: to the whole group at once; else to the command line, which passes
     * it on) and waits until every process of the group is gone.
     */
    async kill(name: NodeJS.Signals = 'SIGKILL') {
      if (name === 'SIGKILL') signal(name)
      else if (!gone) child.kill(name)
      const code = await exited
      await eventually(() => !groupAlive(child.pid!), 10_000, `${entry} to end`)
      return code
    },
  }
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>

/** Whether any process of the group `pgid` still runs (signal 0 only asks). */
function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A sandbox and a console server in front of it on a free port, on fresh embedded storage, its
 * mirrors driven by the test (after a first load when `load`). `close` stops all three.
 */
export async function startTestServer(
  options: { events?: number; load?: boolean; config?: Partial<ServerConfig> } = {},
) {
  const { createConsoleServer, listen } = await import('./server')
  const service = await startService({ events: options.events ?? 20 })
  const t = await openTestStorage('embedded')
  const server = await createConsoleServer(
    { ...service.config, ...options.config },
    { storage: t.storage, mirrors: false },
  )
  if (options.load) await server.mirrors[0]!.firstLoad()
  const http = await listen(server, 0)
  return {
    service,
    storage: t.storage,
    server,
    baseUrl: http.baseUrl,
    async close() {
      await http.close()
      await server.close()
      await t.close()
      await service.close()
    },
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>
