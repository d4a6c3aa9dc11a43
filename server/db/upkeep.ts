import type { Storage } from './storage'

/*
 * The planner's statistics and the visibility map of the mirror's tables, right as soon as a first
 * load is over: a pass then (VACUUM ANALYZE), rather than waiting for autovacuum to come round,
 * so plans are right at once (a table never analysed has every plan guessed from defaults, a
 * filter's page sorted from the whole table) and counts are answered from an index alone.
 * Measured at 100,000 auths: the register's answer went from a median of 34 ms to 8 ms
 * (BENCHMARKS.md). After that, Postgres's autovacuum keeps up with changes, embedded or not.
 */

/** The tables the views ask. */
export const UPKEEP_TABLES = ['mirror_events', 'mirror_auths'] as const
/** How often the upkeep looks. */
const UPKEEP_CHECK_MS = 60_000

export interface Upkeep {
  /**
   * One look: a pass when a database's first load is newly over (or was over before this start
   * and the tables were never analysed).
   */
  turn(): Promise<'first-load' | null>
  /** A pass now, whatever changed. */
  pass(): Promise<void>
  /** No further look; resolves once a pass under way is over. */
  stop(): Promise<void>
}

export function startUpkeep(
  storage: Storage,
  databases: readonly string[],
  options: { everyMs?: number; start?: boolean } = {},
): Upkeep {
  /** Databases whose finished first load has been passed over (null: not yet asked). */
  let loaded: Set<string> | null = null
  let running: Promise<unknown> = Promise.resolve()
  /** One pass at a time: a look while one is under way waits for it. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work)
    running = next.catch(() => undefined)
    return next
  }
  const pass = () => storage.exec(`VACUUM ANALYZE ${UPKEEP_TABLES.join(', ')}`)

  const look = async () => {
    const { rows } = await storage.query<{ database: string; analysed: boolean }>(
      `SELECT database,
         (SELECT reltuples >= 0 FROM pg_class WHERE oid = 'mirror_events'::regclass) AS analysed
       FROM mirror_state WHERE phase = 'ready' AND database = ANY($1::text[])`,
      [databases],
    )
    // At a start, a load over before it needs no pass if the tables were ever analysed.
    loaded ??= new Set(rows.filter((r) => r.analysed).map((r) => r.database))
    const fresh = rows.filter((r) => !loaded!.has(r.database))
    if (fresh.length > 0) {
      for (const r of fresh) loaded.add(r.database)
      await pass()
      return 'first-load' as const
    }
    return null
  }

  let timer: ReturnType<typeof setInterval> | null = null
  if (options.start !== false) {
    // A failure (the database busy or away) waits for the next look.
    timer = setInterval(
      () => void exclusive(look).catch(() => undefined),
      options.everyMs ?? UPKEEP_CHECK_MS,
    )
    timer.unref()
  }
  return {
    turn: () => exclusive(look),
    pass: () => exclusive(pass),
    async stop() {
      if (timer) clearInterval(timer)
      await running
    },
  }
}
