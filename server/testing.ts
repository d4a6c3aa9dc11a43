import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openEmbedded, openPostgres, quoteIdent, type Storage } from './db/storage'

/*
 * Storage for tests: embedded (PGlite, in memory) always, and the real Postgres of
 * `SERVER_TEST_DATABASE_URL` when it is set, each test with a fresh database of its own.
 */

export interface TestStorage {
  storage: Storage
  /** The connection string of the fresh database (Postgres only): a second instance opens it. */
  url?: string
  close(): Promise<void>
}

export type StorageKind = 'embedded' | 'postgres'

export const testDatabaseUrl = process.env.SERVER_TEST_DATABASE_URL || undefined

/** The kinds every storage test runs against. */
export const storageKinds: StorageKind[] = testDatabaseUrl ? ['embedded', 'postgres'] : ['embedded']

export async function openTestStorage(kind: StorageKind): Promise<TestStorage> {
  if (kind === 'embedded') {
    const storage = await openEmbedded()
    return { storage, close: () => storage.close() }
  }
  if (!testDatabaseUrl) throw new Error('SERVER_TEST_DATABASE_URL is not set')
  const name = `console_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${quoteIdent(name)}`)
  await admin.end()
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  const storage = await openPostgres(url.toString())
  let closed = false
  return {
    storage,
    url: url.toString(),
    async close() {
      if (!closed) await storage.close()
      closed = true
      const again = new pg.Client({ connectionString: testDatabaseUrl })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
      await again.end()
    },
  }
}

/** Waits until `check` holds (polling), else fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 5000,
  what = 'the condition',
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
