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
export function scopeOf(caller: Caller, config: Pick<ServerConfig, 'eventScope'>): Scope | null {
  const rules = config.eventScope ?? {}
  if (Object.keys(rules).length === 0) return null
  const roles = caller.roles.length > 0 ? caller.roles : ['*']
  // The widest of the roles: one that finds all (or is not named) finds all.
  if (roles.some((role) => (rules[role] ?? 'all') === 'all')) return null
  return { userId: caller.userId, groups: caller.groups }
}

/**
 * The scope as one SQL condition over `mirror_events`, its parameters numbered from
 * `firstParam`; `true` with none when the caller finds everything.
 */
export function scopeSql(scope: Scope | null, firstParam: number) {
  if (!scope) return { where: 'true', params: [] as unknown[] }
  const now = new Date()
  const own = compileFilterSql({ user: [scope.userId] }, now, 1, {
    completedStatus: '',
    firstParam,
  })
  if (scope.groups.length === 0) return { where: `(${own.where})`, params: own.params }
  const groups = compileFilterSql({ inGroups: scope.groups }, now, 1, {
    completedStatus: '',
    firstParam: firstParam + own.params.length,
  })
  return {
    where: `((${own.where}) OR (${groups.where}))`,
    params: [...own.params, ...groups.params],
  }
}

/** The scope of a caller under the server's settings (`scopeOf` bound to them). */
export type ScopeFor = (caller: Caller) => Scope | null
