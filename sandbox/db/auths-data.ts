import type { Random } from './random'
import type { Db } from './sqlite'

/** Tables of auths, members and providers. (Stub: filled in by the auths work.) */
export const authsMigration = `SELECT 1;`

export function seedAuths(_db: Db, _random: Random, _options: { now: Date }) {}
