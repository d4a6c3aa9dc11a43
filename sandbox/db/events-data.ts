import type { Random } from './random'
import type { Db } from './sqlite'

/** Tables of events, schedules and lookup lists. (Stub: filled in by the events work.) */
export const eventsMigration = `SELECT 1;`

export function seedEvents(_db: Db, _random: Random, _options: { count: number; now: Date }) {}
