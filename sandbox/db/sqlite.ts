import { closeSync, openSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'

export type Db = DatabaseSync
export type Row = Record<string, unknown>

/**
 * Opens a SQLite file in WAL mode, so a killed process loses nothing that was committed. A new
 * file is created with mode 0600.
 */
export function openDb(file: string): Db {
  // Created readable by the owner only (they hold member data); SQLite gives its -wal and -shm
  // files the same permissions as the database file.
  if (file !== ':memory:') closeSync(openSync(file, 'a', 0o600))
  const db = new DatabaseSync(file)
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
  `)
  return db
}

/** Runs `fn` in one write transaction: all of it is stored, or none of it. */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** Applies migrations in order, recording progress in `PRAGMA user_version`. */
export function migrate(db: Db, migrations: readonly string[]): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number }
  for (let v = row.user_version; v < migrations.length; v++) {
    transaction(db, () => {
      db.exec(migrations[v] as string)
      db.exec(`PRAGMA user_version = ${v + 1}`)
    })
  }
}
