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
 *
 * A large answer that can be brought up to date (`patch`: a calendar range's facts) is not
 * emptied by a change: it keeps the IDs changed since, and the next question patches it with
 * those alone (a month of a plan of 1,000,000 is 318,000 events to read again, the IDs a few).
 * A change heard while it is patched is patched by the question after; one heard while it is
 * first made is kept with it, to patch. If the change feed is cut (the connection listening to a
 * Postgres server lost and made again), changes may have gone unheard: everything kept is let go.
 *
 * An answer being made is shared with the same question asked meanwhile, unless a change (or a
 * cut) came between: what the writer asks after its write is made after it.
 */

/** The most answers kept (each small: a count, or the values in use). */
export const ANSWER_CACHE_MAX = 2000
/**
 * The most large answers kept beside them (a calendar range's facts, kept up to
 * `CALENDAR_KEPT_EVENTS` events as columns: 15 MB at 318,000; the IDs of the events a calendar's
 * filter takes that have no date, shared by its months), the least recently asked leaving first.
 */
export const LARGE_ANSWERS_KEPT = 5
/** More IDs changed than this since a large answer was made, and it is made again instead. */
export const LARGE_PATCH_MOST = 20_000

/** How a large answer is kept; `patch` brings it up to date with the IDs changed since. */
export interface LargeAnswer<T> {
  keep: (answer: T) => boolean
  patch?: (answer: T, changedIds: readonly string[]) => Promise<T>
}

/** A large answer kept, the IDs changed since and the patch under way. */
interface KeptLarge {
  value: unknown
  patch?: (answer: unknown, changedIds: readonly string[]) => Promise<unknown>
  changedIds: Set<string>
  patching: Promise<unknown> | null
}

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
    /**
     * A large answer: kept among the few `LARGE_ANSWERS_KEPT`, and only if `keep` says so; with
     * `patch`, brought up to date after a change instead of made again.
     */
    large?: LargeAnswer<T>,
  ): Promise<T>
  /**
   * The events (or auths) of these databases changed: their answers are gone, but for large
   * ones that can be patched, which keep the IDs.
   */
  changed(changes: readonly Pick<Change, 'database' | 'kind' | 'id'>[]): void
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
  /** Small answers, under their generation: a change leaves them behind. */
  const kept = new Map<string, unknown>()
  /** Large answers, under their slot and key alone: a change empties or patches them. */
  const keptLarge = new Map<string, KeptLarge>()
  /** Answers are kept per database and kind of record, each with its generation. */
  const slot = (database: string, kind: Kind) => `${kind}\u0000${database}`
  const genOf = (at: string) => generation.get(at) ?? 0
  /** How many times the change feed was cut: nothing made before a cut is kept after it. */
  let cuts = 0
  /** The IDs changed while a large answer that can be patched is being made. */
  const making = new Set<{ where: string; changedIds: Set<string> | null }>()
  /**
   * Answers being made, by key, with the generation and cuts they began under: a question asked
   * meanwhile with nothing changed since shares the one under way (a team opening the same month
   * at nine reads it once) instead of making its own.
   */
  const underWay = new Map<string, { gen: number; cuts: number; value: Promise<unknown> }>()
  function changed(changes: readonly Pick<Change, 'database' | 'kind' | 'id'>[]) {
    for (const c of changes) {
      if (c.kind !== 'event' && c.kind !== 'auth') continue
      const at = slot(c.database, c.kind)
      generation.set(at, genOf(at) + 1)
      const prefix = `${at}\u0000`
      for (const key of kept.keys()) if (key.startsWith(prefix)) kept.delete(key)
      for (const [key, entry] of keptLarge) {
        if (!key.startsWith(prefix)) continue
        if (entry.patch) entry.changedIds.add(c.id)
        if (!entry.patch || entry.changedIds.size > LARGE_PATCH_MOST) keptLarge.delete(key)
      }
      for (const made of making)
        if (made.where === at && made.changedIds) {
          made.changedIds.add(c.id)
          if (made.changedIds.size > LARGE_PATCH_MOST) made.changedIds = null
        }
    }
  }
  /** The feed was cut: changes may have gone unheard, so nothing kept can be trusted. */
  function cut() {
    cuts++
    kept.clear()
    keptLarge.clear()
    for (const made of making) made.changedIds = null
  }

  /** A large answer kept, brought up to date: null when it has left or could not be patched. */
  async function upToDate(at: string, entry: KeptLarge): Promise<{ value: unknown } | null> {
    for (;;) {
      if (keptLarge.get(at) !== entry) return null
      // One patch at a time: a question asked meanwhile waits for it, then sees what is left.
      if (entry.patching) {
        await entry.patching.catch(() => undefined)
        continue
      }
      if (entry.changedIds.size === 0) return { value: entry.value }
      const ids = [...entry.changedIds]
      entry.changedIds.clear()
      entry.patching = entry.patch!(entry.value, ids)
      try {
        entry.value = await entry.patching
      } catch (error) {
        console.error(
          'answers: a kept answer could not be patched, it is made again:',
          (error as Error).message,
        )
        if (keptLarge.get(at) === entry) keptLarge.delete(at)
        throw error
      } finally {
        entry.patching = null
      }
    }
  }

  const unsubscribe = feed?.subscribe((change) => changed([change]), cut)
  return {
    async get<T>(
      database: string,
      key: string,
      compute: () => Promise<T>,
      kind: Kind = 'event',
      large?: LargeAnswer<T>,
    ) {
      const where = slot(database, kind)
      const gen = genOf(where)
      const cutsBefore = cuts
      const at = large ? `${where}\u0000${key}` : `${where}\u0000${gen}\u0000${key}`
      if (large) {
        const entry = keptLarge.get(at)
        // One that could not be patched has left: it is made again below.
        const found = entry && (await upToDate(at, entry).catch(() => null))
        if (found) {
          // Most recently used last, so the oldest leaves first; one its keeper now refuses
          // (grown past what is kept) leaves.
          if (keptLarge.get(at) === entry) {
            keptLarge.delete(at)
            if (large.keep(found.value as T)) keptLarge.set(at, entry)
          }
          return found.value as T
        }
      } else if (kept.has(at)) {
        const value = kept.get(at) as T
        kept.delete(at)
        kept.set(at, value)
        return value
      }
      if (!ready.has(database)) {
        if (!(await loaded(database))) return compute()
        ready.add(database)
      }
      const sharing = underWay.get(at)
      if (sharing && sharing.gen === genOf(where) && sharing.cuts === cuts)
        return sharing.value as Promise<T>
      const answer = make(where, at, gen, cutsBefore, compute, large)
      const shared = { gen, cuts: cutsBefore, value: answer }
      underWay.set(at, shared)
      try {
        return await answer
      } finally {
        if (underWay.get(at) === shared) underWay.delete(at)
      }
    },
    changed,
    close: () => unsubscribe?.(),
  }

  /** Makes the answer for `at` and keeps it if nothing it was made across says otherwise. */
  async function make<T>(
    where: string,
    at: string,
    gen: number,
    cutsBefore: number,
    compute: () => Promise<T>,
    large: LargeAnswer<T> | undefined,
  ): Promise<T> {
    // The IDs changed while it is made: kept with them, it is patched by the next question.
    const made = large?.patch ? { where, changedIds: new Set<string>() } : null
    if (made) making.add(made)
    let value: T
    try {
      value = await compute()
    } finally {
      if (made) making.delete(made)
    }
    if (cuts !== cutsBefore) return value
    if (!large) {
      if (genOf(where) !== gen) return value
      kept.set(at, value)
      while (kept.size > ANSWER_CACHE_MAX) kept.delete(kept.keys().next().value!)
    } else if (large.keep(value)) {
      const changedIds = made?.changedIds ?? (genOf(where) === gen ? new Set<string>() : null)
      if (!changedIds) return value
      keptLarge.set(at, {
        value,
        patch: large.patch as KeptLarge['patch'],
        changedIds,
        patching: null,
      })
      while (keptLarge.size > LARGE_ANSWERS_KEPT) keptLarge.delete(keptLarge.keys().next().value!)
    }
    return value
  }
}
