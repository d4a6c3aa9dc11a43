import type { ChangeFeed } from '../changes'
import type { Storage } from './storage'

/*
 * The planner's statistics and the visibility map of the mirror's tables, kept current. The
 * embedded Postgres runs in one process with no background workers, so no autovacuum: left alone
 * its tables are never analysed (every plan is guessed from defaults, a filter's page sorted from
 * the whole table) and never vacuumed (no count is answered from an index alone). Measured at
 * 100,000 auths: the register's answer went from a median of 34 ms to 8 ms (BENCHMARKS.md).
 * A Postgres server vacuums by itself; doing it here as well costs it little.
 */

/** The tables the views ask. */
export const UPKEEP_TABLES = ['mirror_events', 'mirror_auths'] as const
/** Rows changed (as the change feed says) that call for another pass. */
export const UPKEEP_AFTER_CHANGES = 5_000
/** How often the upkeep looks. */
const UPKEEP_CHECK_MS = 60_000

export interface Upkeep {
  /** One look: a pass when a database's first load is newly over or enough rows changed. */
  turn(): Promise<'first-load' | 'changes' | null>
  /** A pass now, whatever changed. */
  pass(): Promise<void>
  stop(): void
}

export function startUpkeep(
  storage: Storage,
  feed: ChangeFeed,
  databases: readonly string[],
  options: { everyMs?: number; afterChanges?: number; start?: boolean } = {},
): Upkeep {
  const afterChanges = options.afterChanges ?? UPKEEP_AFTER_CHANGES
  /** Databases whose finished first load this process has passed over. */
  const loaded = new Set<string>()
  let changed = 0
  const unsubscribe = feed.subscribe(() => {
    changed++
  })
  const pass = () => storage.exec(`VACUUM ANALYZE ${UPKEEP_TABLES.join(', ')}`)

  async function turn() {
    // A first load stores its pages without announcing them: its end is read from its state.
    const { rows } = await storage.query<{ database: string }>(
      `SELECT database FROM mirror_state WHERE phase = 'ready' AND database = ANY($1::text[])`,
      [databases],
    )
    const fresh = rows.filter((r) => !loaded.has(r.database))
    if (fresh.length > 0) {
      changed = 0
      await pass()
      for (const r of fresh) loaded.add(r.database)
      return 'first-load' as const
    }
    if (changed >= afterChanges) {
      changed = 0
      await pass()
      return 'changes' as const
    }
    return null
  }

  let timer: ReturnType<typeof setInterval> | null = null
  if (options.start !== false) {
    // A failure (the database busy or away) waits for the next look.
    timer = setInterval(
      () => void turn().catch(() => undefined),
      options.everyMs ?? UPKEEP_CHECK_MS,
    )
    timer.unref()
  }
  return {
    turn,
    pass,
    stop() {
      unsubscribe()
      if (timer) clearInterval(timer)
    },
  }
}
