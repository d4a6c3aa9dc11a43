import type { ChangeFeed } from './changes'
import type { Change, Kind } from './mirror/store'

/*
 * Answers about a database's events that only a change of its events can alter (a filter's
 * total, the values in use), kept until the next change: a list asks the same count for each
 * page, sort and reload, and the facets on every opening, and each is a scan of every event.
 *
 * A change empties a database's answers when it is heard on the change feed (every instance on
 * the same Postgres hears it) and, for a write passed through this instance, as soon as its
 * transaction commits (`changed`), before the writer's answer leaves, so the writer's next
 * question never meets the answer of before. An answer is stored under the generation read when
 * its question began: one computed across a change is never kept for after it.
 */

/** The most answers kept (each small: a count, or the values in use). */
export const ANSWER_CACHE_MAX = 2000
/**
 * The most large answers kept beside them (a calendar range's facts, kept up to
 * `CALENDAR_KEPT_EVENTS` events as columns: 15 MB at 318,000), the least recently asked leaving
 * first.
 */
export const LARGE_ANSWERS_KEPT = 4

export interface AnswerCache {
  /**
   * The answer for `key` in `database`, computed by `compute` unless one is kept; about its
   * events, or (`kind` `auth`) its auths, and emptied when those change.
   */
  get<T>(
    database: string,
    key: string,
    compute: () => Promise<T>,
    kind?: Kind,
    /** A large answer: kept among the few `LARGE_ANSWERS_KEPT`, and only if `keep` says so. */
    large?: { keep: (answer: T) => boolean },
  ): Promise<T>
  /** The events (or auths) of these databases changed: their answers are gone. */
  changed(changes: readonly Pick<Change, 'database' | 'kind'>[]): void
  close(): void
}

/**
 * `loaded` says whether a database's first load is over: until it is, answers are not kept (the
 * first load stores pages without announcing them, so nothing would say they changed).
 */
export function createAnswerCache(
  feed?: ChangeFeed,
  loaded: (database: string) => Promise<boolean> = async () => true,
): AnswerCache {
  const ready = new Set<string>()
  const generation = new Map<string, number>()
  const kept = new Map<string, unknown>()
  const keptLarge = new Map<string, unknown>()
  /** Answers are kept per database and kind of record, each with its generation. */
  const slot = (database: string, kind: Kind) => `${kind}\u0000${database}`
  const genOf = (at: string) => generation.get(at) ?? 0
  function changed(changes: readonly Pick<Change, 'database' | 'kind'>[]) {
    for (const c of changes) {
      if (c.kind !== 'event' && c.kind !== 'auth') continue
      const at = slot(c.database, c.kind)
      generation.set(at, genOf(at) + 1)
      const prefix = `${at}\u0000`
      for (const map of [kept, keptLarge])
        for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key)
    }
  }
  const unsubscribe = feed?.subscribe((change) => changed([change]))
  return {
    async get<T>(
      database: string,
      key: string,
      compute: () => Promise<T>,
      kind: Kind = 'event',
      large?: { keep: (answer: T) => boolean },
    ) {
      const where = slot(database, kind)
      const gen = genOf(where)
      const at = `${where}\u0000${gen}\u0000${key}`
      const map = large ? keptLarge : kept
      if (map.has(at)) {
        const value = map.get(at) as T
        // Most recently used last, so the oldest leaves first.
        map.delete(at)
        map.set(at, value)
        return value
      }
      if (!ready.has(database)) {
        if (!(await loaded(database))) return compute()
        ready.add(database)
      }
      const value = await compute()
      if (genOf(where) === gen && (!large || large.keep(value))) {
        map.set(at, value)
        const most = large ? LARGE_ANSWERS_KEPT : ANSWER_CACHE_MAX
        while (map.size > most) map.delete(map.keys().next().value!)
      }
      return value
    },
    changed,
    close: () => unsubscribe?.(),
  }
}
