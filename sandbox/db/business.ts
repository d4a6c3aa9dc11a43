import path from 'node:path'
import { hashSeed, createRandom } from './random'
import { migrate, openDb, transaction, type Db } from './sqlite'
import { eventsMigration, seedEvents } from '../events/seed'
import { authsMigration, seedAuths } from '../auths/seed'
import { idempotencyMigration } from '../idempotency'

const baseMigration = `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`
/**
 * Migrations of a business database, in order; append, never edit a shipped one. A field added
 * to the contract's auth field table is stored by appending `addAuthColumn('<field>')`.
 */
export const BUSINESS_MIGRATIONS: readonly string[] = [
  baseMigration,
  eventsMigration,
  authsMigration,
  idempotencyMigration,
  // The order a reader of changes asks (the newest updates first): without it each look sorted
  // every event (a second at 1,000,000, holding up everything the process serves).
  `CREATE INDEX events_update_Date ON events(update_Date);
   CREATE INDEX events_update_Date_desc ON events(update_Date DESC);`,
]

export interface BusinessSeedOptions {
  seed: number
  events: number
  now: Date
}

/** Opens (creating and seeding when new) the business database `name`. */
export function openBusiness(dataDir: string, name: string, options: BusinessSeedOptions): Db {
  const db = openDb(path.join(dataDir, `${name}.sqlite`))
  migrate(db, BUSINESS_MIGRATIONS)
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get()
  if (!seeded) {
    const random = createRandom(hashSeed(options.seed, name))
    transaction(db, () => {
      seedEvents(db, random, { count: options.events, now: options.now })
      seedAuths(db, random, { now: options.now })
      pointEventSubjectsAtAuths(db)
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(
        options.now.toISOString(),
      )
    })
  }
  return db
}

/**
 * Events whose subject names an auth ("Call provider about auth 25-000123") name one that exists:
 * the events are seeded before the auths, so the numbers are put right afterwards, each event
 * taking an auth by its ID (no random draw: the rest of the demo data stays as it was).
 */
export function pointEventSubjectsAtAuths(db: Db) {
  const numbers = (
    db.prepare('SELECT auth_Number FROM auths ORDER BY auth_Number').all() as {
      auth_Number: string
    }[]
  ).map((r) => r.auth_Number)
  if (numbers.length === 0) return
  const rows = db
    .prepare("SELECT event_ID, subject FROM events WHERE subject LIKE '%auth%'")
    .all() as { event_ID: number; subject: string }[]
  const update = db.prepare('UPDATE events SET subject = ? WHERE event_ID = ?')
  for (const { event_ID, subject } of rows) {
    const next = subject.replace(
      /\b(auth|authorization) \d{2}-\d{6}\b/,
      (_, word: string) => `${word} ${numbers[event_ID % numbers.length]}`,
    )
    if (next !== subject) update.run(next, event_ID)
  }
}
