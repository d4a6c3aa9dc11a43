import type { Sql, Storage } from './db/storage'
import type { Change } from './mirror/store'

/*
 * Every change of the mirror is announced with Postgres NOTIFY, inside the transaction that made
 * it (so it is heard only once committed), and heard back with LISTEN: this instance's streams
 * and those of every other instance on the same Postgres learn of it the same way.
 */

export const CHANGES_CHANNEL = 'console_changes'

/** Announces `changes` when `tx` commits. */
export async function announce(tx: Sql, changes: readonly Change[]) {
  if (changes.length === 0) return
  await tx.query(
    `SELECT pg_notify('${CHANGES_CHANNEL}', c) FROM jsonb_array_elements_text($1::jsonb) AS c`,
    [JSON.stringify(changes.map((c) => JSON.stringify(c)))],
  )
}

export interface ChangeFeed {
  /**
   * `onGap`: the feed was cut and resumed (a Postgres connection lost): changes may have gone
   * unheard, so what was kept on the strength of hearing them is no longer sure.
   */
  subscribe(listener: (change: Change) => void, onGap?: () => void): () => void
  close(): Promise<void>
}

/** Listens once for the process and hands each change to every subscriber. */
export async function listenForChanges(storage: Storage): Promise<ChangeFeed> {
  const listeners = new Set<(change: Change) => void>()
  const gaps = new Set<() => void>()
  const stop = await storage.listen(
    CHANGES_CHANNEL,
    (payload) => {
      let change: Change
      try {
        change = JSON.parse(payload) as Change
      } catch {
        return
      }
      for (const listener of listeners) listener(change)
    },
    () => {
      for (const onGap of gaps) onGap()
    },
  )
  return {
    subscribe(listener, onGap) {
      listeners.add(listener)
      if (onGap) gaps.add(onGap)
      return () => {
        listeners.delete(listener)
        if (onGap) gaps.delete(onGap)
      }
    },
    close: stop,
  }
}
