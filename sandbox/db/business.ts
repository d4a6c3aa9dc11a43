import path from 'node:path'
import { hashSeed, createRandom } from './random'
import { migrate, openDb, transaction, type Db } from './sqlite'
import { eventsMigration, seedEvents } from '../events/seed'
import { authsMigration, seedAuths } from '../auths/seed'

/** Migrations of a business database, in order; append, never edit a shipped one. */
const baseMigration = `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`
const migrations = [baseMigration, eventsMigration, authsMigration]

export interface BusinessSeedOptions {
  seed: number
  events: number
  now: Date
}

/** Opens (creating and seeding when new) the business database `name`. */
export function openBusiness(dataDir: string, name: string, options: BusinessSeedOptions): Db {
  const db = openDb(path.join(dataDir, `${name}.sqlite`))
  migrate(db, migrations)
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get()
  if (!seeded) {
    const random = createRandom(hashSeed(options.seed, name))
    transaction(db, () => {
      seedEvents(db, random, { count: options.events, now: options.now })
      seedAuths(db, random, { now: options.now })
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(
        options.now.toISOString(),
      )
    })
  }
  return db
}
