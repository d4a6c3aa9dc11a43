import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { alive, startCluster, type Cluster } from './embedded'
import { PRESENCE_LOCK_CLASS } from './migrations'

/*
 * One thin interface over the two ways the server keeps its data: a Postgres server through the
 * `pg` driver, or embedded Postgres, a cluster this process runs on a data folder and reaches
 * through the same driver. Both are Postgres, so every query, migration and trigger is written
 * once.
 */

export interface Rows<T> {
  rows: T[]
  rowCount: number
}

/** What a query can run on: the storage itself, or a transaction. */
export interface Sql {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Rows<T>>
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>
}

export interface Storage extends Sql {
  readonly kind: 'embedded' | 'postgres'
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  /**
   * Calls `onMessage` with each payload notified on `channel` (by this process or another one on
   * the same database), and `onGap` when the listening connection was lost and made again: what
   * was notified meanwhile was not heard. Returns the way to stop listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>
  /**
   * Holds the advisory lock that says instance `id` is alive (`console_instance_alive`), on a
   * session that lives as long as this process, until the returned function lets it go.
   */
  holdPresence(id: string): Promise<() => Promise<void>>
  close(): Promise<void>
}

const PRESENCE_LOCK = `SELECT pg_advisory_lock(${PRESENCE_LOCK_CLASS}, hashtext($1))`

/** The settings of the server's sessions (see `openPostgres`). */
const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0'

/** Postgres through `pg`: a pool for queries, one connection of its own for LISTEN. */
export async function openPostgres(connectionString: string): Promise<Storage> {
  // No JIT compilation: it took 1.6 s of a 1.5 s question at 1,000,000 events (the compiling is
  // most of it). No parallel workers: the server's questions are many and short, and a count
  // from the facts' index took twice as long with them (decision 0008). Settings in PGOPTIONS
  // are kept (pg reads it only without `options`); an `options` of the connection string's own
  // replaces all of these.
  const options = [process.env.PGOPTIONS, SESSION_OPTIONS].filter(Boolean).join(' ')
  const pool = new pg.Pool({ connectionString, max: 10, options })
  // A broken idle connection is dropped by the pool; without a listener its error would end the
  // process.
  pool.on('error', (error) => console.error('storage: idle connection failed:', error.message))
  // A connection lost while checked out between two queries (Postgres stopped under it) reports
  // an error on the client itself: heard here, its query's caller gets its own error.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error('storage: connection failed:', error.message)),
  )
  const wrap = (client: pg.Pool | pg.PoolClient): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query(text, params)
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
    },
    async exec(text: string) {
      await client.query(text)
    },
  })
  const listeners = new Map<string, Set<(payload: string) => void>>()
  const gaps = new Set<() => void>()
  let listener: pg.Client | null = null
  let closed = false

  // The LISTEN connection is made on first use and made again when it drops, listening again on
  // every channel: a restart of the Postgres server must not leave the streams silent.
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback(message.payload ?? '')
    })
    client.on('error', (error) => {
      console.error('storage: the LISTEN connection failed:', error.message)
      if (listener === client) listener = null
      void client.end().catch(() => undefined)
      if (!closed) setTimeout(() => void reconnect(), 1000).unref()
    })
    await client.connect()
    for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`)
    return client
  }
  async function reconnect() {
    if (closed || listener) return
    try {
      listener = await connectListener()
      // Listening again: whatever was notified while the connection was down went unheard.
      for (const onGap of gaps) onGap()
    } catch (error) {
      console.error('storage: LISTEN reconnect failed:', (error as Error).message)
      setTimeout(() => void reconnect(), 2000).unref()
    }
  }

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onMessage, onGap) {
      let set = listeners.get(channel)
      const first = !set
      if (!set) listeners.set(channel, (set = new Set()))
      set.add(onMessage)
      if (onGap) gaps.add(onGap)
      if (!listener) listener = await connectListener()
      else if (first) await listener.query(`LISTEN ${quoteIdent(channel)}`)
      return async () => {
        set.delete(onMessage)
        if (onGap) gaps.delete(onGap)
        if (set.size === 0) {
          listeners.delete(channel)
          await listener?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined)
        }
      }
    },
    async holdPresence(id) {
      // A connection of its own, outside the pool: the lock lives as long as the session. Lost
      // (the Postgres server restarted), it is made again; meanwhile other instances may take
      // this one for dead and take over its lease and keys, which each side checks.
      let client: pg.Client | null = null
      let released = false
      const connect = async () => {
        if (released || closed) return
        const c = new pg.Client({ connectionString })
        c.on('error', (error) => {
          console.error('storage: the presence connection failed:', error.message)
          if (client === c) client = null
          void c.end().catch(() => undefined)
          setTimeout(() => void connect().catch(retry), 1000).unref()
        })
        await c.connect()
        await c.query(PRESENCE_LOCK, [id])
        client = c
      }
      const retry = (error: Error) => {
        console.error('storage: presence reconnect failed:', error.message)
        setTimeout(() => void connect().catch(retry), 2000).unref()
      }
      await connect()
      return async () => {
        released = true
        await client?.end().catch(() => undefined)
        client = null
      }
    },
    async close() {
      closed = true
      await listener?.end().catch(() => undefined)
      listener = null
      await pool.end()
    },
  }
}

/**
 * Embedded Postgres: a cluster this process runs in `dataDir/postgres` (`startCluster`), created
 * readable by this user only (it holds member data); without a folder, a throwaway one in the
 * system's temporary folder, removed at close (tests).
 */
export async function openEmbedded(dataDir?: string): Promise<Storage & { pids(): number[] }> {
  const folder = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'console-data-'))
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  // mkdir leaves an existing folder's mode as it was.
  chmodSync(folder, 0o700)
  const unlock = lockDataDir(folder)
  let cluster: Cluster
  try {
    // The embedded database of earlier versions (PGlite) kept its cluster in the folder itself.
    if (existsSync(path.join(folder, 'PG_VERSION')))
      throw new Error(
        `${folder} holds a database of an earlier embedded Postgres (PGlite) that this version cannot open: move it aside to start anew, or keep running the earlier version.`,
      )
    cluster = await startCluster(path.join(folder, EMBEDDED_CLUSTER), {
      durable: dataDir !== undefined,
    })
  } catch (error) {
    unlock()
    if (!dataDir) rmSync(folder, { recursive: true, force: true })
    throw error
  }
  const storage = await openPostgres(cluster.url()).catch(async (error: unknown) => {
    await cluster.stop().finally(unlock)
    throw error
  })
  return {
    ...storage,
    kind: 'embedded',
    pids: () => cluster.pids(),
    async close() {
      try {
        await storage.close()
      } finally {
        await cluster.stop().finally(unlock)
      }
      if (!dataDir) rmSync(folder, { recursive: true, force: true })
    },
  }
}

/** The embedded cluster's folder inside the data folder. */
export const EMBEDDED_CLUSTER = 'postgres'

/** The file naming the process that has an embedded database open. */
export const DATA_DIR_LOCK = 'open-by.pid'

/**
 * Claims `dataDir` for this process: the embedded database is one process's alone (a second one
 * writing the same files would corrupt them). A lock left by a process that is gone (killed) is
 * taken over. Returns the way to let it go.
 */
function lockDataDir(dataDir: string): () => void {
  const folder = realpathSync(dataDir)
  // A second open within this process is refused here: the file below cannot tell it from a
  // stale lock whose process ID came round again (a container's PIDs repeat after a restart).
  if (openHere.has(folder))
    throw new Error(
      `The embedded database in ${dataDir} is already open in this process: open it once and share it, or give each server a data folder of its own.`,
    )
  const file = path.join(dataDir, DATA_DIR_LOCK)
  for (;;) {
    // Written whole first, then linked: the lock appears with its process ID in it, or not at all.
    const written = `${file}.${process.pid}`
    writeFileSync(written, String(process.pid), { mode: 0o600 })
    try {
      linkSync(written, file)
      rmSync(written, { force: true })
      break
    } catch (error) {
      rmSync(written, { force: true })
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(file, 'utf8').trim())
      if (holder !== process.pid && alive(holder))
        throw new Error(
          `The embedded database in ${dataDir} is open in process ${holder}: stop it first, or use a Postgres server (DATABASE_URL) that many processes can share.`,
        )
      rmSync(file, { force: true })
    }
  }
  openHere.add(folder)
  return () => {
    openHere.delete(folder)
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true })
    } catch {
      // already gone
    }
  }
}

/**
 * The data folders (their real paths) this process has open: kept on the process's global
 * object, since one process may load this module more than once (the Vite plugin loads the
 * server through tsx, a copy each time).
 */
const openHere: Set<string> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('console-server.open-data-folders')
] ??= new Set<string>()) as Set<string>

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** Postgres when a connection string is given, else embedded in `dataDir`. */
export function openStorage(options: { databaseUrl?: string; dataDir?: string }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(options.dataDir)
}
