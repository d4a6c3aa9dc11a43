import type { Event } from '../src/api/schemas/event'
import { factsOf } from '../src/features/events/model/facts'
import { compileFilter, searchWords, type EventFilter } from '../src/features/events/model/filter'
import { compileFilterSql } from '../src/features/events/model/filter-sql'
import type { ServerConfig } from './config'
import type { Caller } from './gate'

/*
 * Scoping: which events a caller finds through the server's own routes (lists, counts, the
 * calendar, search, the stream), set per role by `EVENT_SCOPE` and enforced here, never by the
 * browser. `own` is the model's own filters, `user` (theirs) or `inGroups` (their groups'),
 * compiled by `compileFilterSql` like every other condition. An event opened by ID through the
 * pass-through is still the service's to allow or refuse.
 */

export interface Scope {
  userId: string
  groups: number[]
}

/** The caller's scope, or null when they find every event. */
export function scopeOf(
  caller: Pick<Caller, 'userId' | 'roles' | 'groups'>,
  config: Pick<ServerConfig, 'eventScope'>,
): Scope | null {
  const rules = config.eventScope ?? {}
  if (Object.keys(rules).length === 0) return null
  const roles = caller.roles.length > 0 ? caller.roles : ['*']
  // The widest of the roles: one that finds all (or is not named) finds all.
  if (roles.some((role) => (rules[role] ?? 'all') === 'all')) return null
  return { userId: caller.userId, groups: caller.groups }
}

/** The scope as the model's filters: an event is in it if any of them takes it. */
function scopeFilters(scope: Scope): EventFilter[] {
  return [
    { user: [scope.userId] },
    ...(scope.groups.length > 0 ? [{ inGroups: scope.groups }] : []),
  ]
}

/**
 * The scope as one SQL condition over `mirror_events`, its parameters numbered from
 * `firstParam`; `true` with none when the caller finds everything.
 */
export function scopeSql(scope: Scope | null, firstParam: number) {
  if (!scope) return { where: 'true', params: [] as unknown[] }
  const now = new Date()
  const parts: string[] = []
  const params: unknown[] = []
  for (const filter of scopeFilters(scope)) {
    const sql = compileFilterSql(filter, now, 1, {
      completedStatus: '',
      firstParam: firstParam + params.length,
    })
    parts.push(`(${sql.where})`)
    params.push(...sql.params)
  }
  return { where: `(${parts.join(' OR ')})`, params }
}

/**
 * The scope as a test of one record as the service sent it (the model's `compileFilter` over
 * the same filters): false for what is not an event it can read the assignment of.
 */
export function scopeTest(scope: Scope): (record: unknown) => boolean {
  const tests = scopeFilters(scope).map((filter) => compileFilter(filter, new Date()))
  return (record) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return false
    try {
      const event = record as Event
      const subject = { event, facts: factsOf(event, ''), words: searchWords(event) }
      return tests.some((test) => test(subject))
    } catch {
      // A record the model cannot read is one it cannot place in the scope.
      return false
    }
  }
}

/** The scope of a caller under the server's settings (`scopeOf` bound to them). */
export type ScopeFor = (caller: Caller) => Scope | null
