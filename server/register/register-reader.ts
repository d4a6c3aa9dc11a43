import { announce, type ChangeFeed } from '../changes'
import type { Storage } from '../db/storage'
import { upsertAuth, type Change } from '../mirror/store'
import type { ServiceReader } from '../service/reader'

/*
 * What keeps the register whole and current, per database: an auth an event names is read from
 * the service as soon as the event is mirrored (the change feed says which events changed), and
 * every auth not yet decided and closed is read again every `rereadMs`, so its status, assignee
 * and clock stay current and a decision made past the console is seen (and timed by the
 * service's stamp of the change). A number the service does not hold is noted and not asked
 * again; an auth the service no longer holds is marked gone.
 */

/** Auths newly named read per turn at most (each one request to the service). */
export const REGISTER_BATCH = 50
/**
 * Auths read again per turn at most: about 10 a second, 36,000 an hour, whatever the register
 * holds. The service is not ours to load; with more auths open than that many in
 * `rereadMs`, each waits longer than `rereadMs` for its turn (the least recently read first).
 */
export const REGISTER_REREAD_BATCH = 10
/** How often the reader looks for work. */
const TURN_MS = 1000

export interface RegisterReader {
  /**
   * One turn: once a database is loaded, every auth its events name (once); then the auths named
   * by the events changed since; then a batch of those due a re-read.
   */
  turn(): Promise<{ met: number; reread: number }>
  start(): void
  stop(): void
}

export function createRegisterReader(options: {
  storage: Storage
  reader: ServiceReader
  feed: ChangeFeed
  databases: readonly string[]
  rereadMs: number
  /** Resolves when no person's request is being answered (`Foreground.quiet`): each read waits. */
  quiet?: () => Promise<void>
}): RegisterReader {
  const { storage, reader, databases, rereadMs } = options
  /** Events changed since the last turn, per database. */
  const changedEvents = new Map<string, Set<number>>()
  /** Auth numbers to meet, per database. */
  const named = new Map<string, Set<string>>()
  const unsubscribe = options.feed.subscribe((change) => {
    if (change.kind !== 'event' || change.op !== 'upsert' || !databases.includes(change.database))
      return
    const id = Number(change.id)
    if (!Number.isInteger(id)) return
    const set = changedEvents.get(change.database) ?? new Set()
    set.add(id)
    changedEvents.set(change.database, set)
  })

  async function namedBy(database: string, ids: number[]) {
    const { rows } = await storage.query<{ n: string }>(
      `SELECT DISTINCT unnest(auth_mentions) AS n FROM mirror_events
       WHERE database = $1 AND event_id = ANY($2::integer[])`,
      [database, ids],
    )
    return rows.map((r) => r.n)
  }

  /** Reads `number` from the service and keeps it (met by `by` if new); false if not held. */
  async function read(database: string, number: string, by: 'event' | 'lookup') {
    await options.quiet?.()
    const record = await reader.auth(database, number)
    if (!record) {
      await storage.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          `UPDATE mirror_auths SET gone = true, last_read_at = now()
           WHERE database = $1 AND auth_number = $2`,
          [database, number],
        )
        if (!rowCount)
          await tx.query(
            `INSERT INTO auth_unknown (database, auth_number) VALUES ($1, $2)
             ON CONFLICT (database, auth_number) DO UPDATE SET checked_at = now()`,
            [database, number],
          )
      })
      return false
    }
    await storage.transaction(async (tx) => {
      const changes: Change[] = await upsertAuth(tx, database, record, { by, via: 'read' })
      await announce(tx, changes)
    })
    return true
  }

  /** Databases whose loaded events have been looked through for auth numbers. */
  const scanned = new Set<string>()

  /** Queues every auth number the database's events name that the register lacks. */
  async function scan(database: string) {
    const { rows } = await storage.query<{ n: string }>(
      `SELECT DISTINCT unnest(auth_mentions) AS n FROM mirror_events WHERE database = $1
       EXCEPT SELECT auth_number FROM mirror_auths WHERE database = $1
       EXCEPT SELECT auth_number FROM auth_unknown WHERE database = $1`,
      [database],
    )
    const wanted = named.get(database) ?? new Set<string>()
    for (const r of rows) wanted.add(r.n)
    named.set(database, wanted)
  }

  async function turn() {
    let met = 0
    let reread = 0
    for (const database of databases) {
      // Once the first load is over (it announces nothing), every event it stored is looked at.
      if (!scanned.has(database)) {
        const { rows: state } = await storage.query<{ phase: string }>(
          'SELECT phase FROM mirror_state WHERE database = $1',
          [database],
        )
        if (state[0]?.phase === 'ready') {
          await scan(database)
          scanned.add(database)
        }
      }
      const ids = [...(changedEvents.get(database) ?? [])]
      changedEvents.delete(database)
      // Numbers just named go first: someone is at work on those events now.
      const fresh: string[] = []
      for (let i = 0; i < ids.length; i += 1000)
        fresh.push(...(await namedBy(database, ids.slice(i, i + 1000))))
      const wanted = new Set([...fresh, ...(named.get(database) ?? [])])
      named.set(database, wanted)
      if (wanted.size > 0) {
        const numbers = [...wanted].slice(0, REGISTER_BATCH)
        const { rows: known } = await storage.query<{ n: string }>(
          `SELECT auth_number AS n FROM mirror_auths WHERE database = $1 AND auth_number = ANY($2)
           UNION SELECT auth_number FROM auth_unknown WHERE database = $1 AND auth_number = ANY($2)`,
          [database, numbers],
        )
        const held = new Set(known.map((r) => r.n))
        for (const n of numbers) {
          if (!held.has(n) && (await read(database, n, 'event'))) met++
          wanted.delete(n)
        }
      }
      const { rows: due } = await storage.query<{ n: string }>(
        `SELECT auth_number AS n FROM mirror_auths
         WHERE database = $1 AND NOT (decided AND closed) AND NOT gone
           AND (last_read_at IS NULL OR last_read_at < now() - $2 * interval '1 millisecond')
         ORDER BY last_read_at NULLS FIRST LIMIT ${REGISTER_REREAD_BATCH}`,
        [database, rereadMs],
      )
      for (const { n } of due) {
        await read(database, n, 'lookup')
        reread++
      }
    }
    return { met, reread }
  }

  let stopped = false
  let timer: ReturnType<typeof setTimeout> | null = null
  const loop = async () => {
    if (stopped) return
    // A failure (the service away) waits for the next turn; nothing is lost: the queue stays.
    await turn().catch(() => undefined)
    if (!stopped) timer = setTimeout(() => void loop(), TURN_MS)
  }

  return {
    turn,
    start: () => void loop(),
    stop() {
      stopped = true
      unsubscribe()
      if (timer) clearTimeout(timer)
    },
  }
}
