import { execFile } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { PRESENCE_LOCK_CLASS } from './migrations'

/*
 * One thin interface over the two ways the server keeps its data: a Postgres server through the
 * `pg` driver, or embedded Postgres (PGlite) in a data folder. Both speak the same SQL, so every
 * query, migration and trigger is written once.
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
const PRESENCE_UNLOCK = `SELECT pg_advisory_unlock(${PRESENCE_LOCK_CLASS}, hashtext($1))`

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
 * Embedded Postgres (PGlite). `dataDir` is created readable by this user only (it holds member
 * data); without one the database lives in memory (tests).
 */
export async function openEmbedded(dataDir?: string): Promise<Storage> {
  let unlock = () => {}
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    // mkdir leaves an existing folder's mode as it was.
    chmodSync(dataDir, 0o700)
    unlock = lockDataDir(dataDir)
  }
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION')))
    await createCluster(dataDir).catch((error: unknown) => {
      unlock()
      throw error
    })
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    unlock()
    throw error
  })
  // As with a Postgres server (`openPostgres`); this build has no JIT or workers, the settings say so.
  await db.exec('SET jit = off; SET max_parallel_workers_per_gather = 0')
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const result = await target.query<T>(text, params)
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
    async exec(text: string) {
      await target.exec(text)
    },
  })
  return {
    kind: 'embedded',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    async listen(channel, onMessage) {
      const stop = await db.listen(channel, onMessage)
      return async () => {
        await stop()
      }
    },
    async holdPresence(id) {
      // One session serves the whole process: the lock lasts until the process ends.
      await db.query(PRESENCE_LOCK, [id])
      return async () => {
        await db.query(PRESENCE_UNLOCK, [id]).catch(() => undefined)
      }
    },
    async close() {
      await db.close()
      unlock()
    },
  }
}

/**
 * Makes a new database cluster in `dataDir` in a short-lived process of its own. Making one
 * (PGlite's initdb) takes ~1.2 GB for a few seconds and leaves the process that did it holding
 * ~750 MB it never gives back; a server that only opens the made cluster starts at ~350 MB.
 */
async function createCluster(dataDir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const program = [
    'const { PGlite } = await import(process.argv[1])',
    'const db = await PGlite.create({ dataDir: process.argv[2] })',
    'await db.close()',
  ].join(';')
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', program, pglite, dataDir],
      { env: { PATH: process.env.PATH ?? '' }, maxBuffer: 1 << 20 },
      (error, _stdout, stderr) =>
        error
          ? reject(
              new Error(
                `Could not make a database in ${dataDir}: ${stderr.trim() || error.message}`,
              ),
            )
          : resolve(),
    ),
  )
}

/** The file naming the process that has an embedded database open. */
export const DATA_DIR_LOCK = 'open-by.pid'

/**
 * Claims `dataDir` for this process: the embedded database is one process's alone (a second one
 * writing the same files would corrupt them). A lock left by a process that is gone (killed) is
 * taken over. Returns the way to let it go.
 */
function lockDataDir(dataDir: string): () => void {
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
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true })
    } catch {
      // already gone
    }
  }
}

function alive(pid: number) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** Postgres when a connection string is given, else embedded in `dataDir`. */
export function openStorage(options: { databaseUrl?: string; dataDir?: string }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(options.dataDir)
}
