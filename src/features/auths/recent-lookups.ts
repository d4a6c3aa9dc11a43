import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useDatabase } from '@/api/api-context'
import { useCurrentUser } from '@/lib/app-context'
import { AUTH_NUMBER_PATTERN } from '@/api/schemas/auth-fields'

/**
 * Auth numbers this user looked up and auth codes they saw or used, per database, kept in
 * localStorage so they are there tomorrow. Numbers and codes only: no names, no member data.
 */
export interface RecentLookups {
  numbers: string[]
  codes: string[]
}

const PREFIX = 'bac.auths.recent.'
export const MAX_RECENT_NUMBERS = 8
export const MAX_RECENT_CODES = 12
export const AUTH_CODE_PATTERN = /^[A-Za-z0-9]{1,10}$/

const EMPTY: RecentLookups = { numbers: [], codes: [] }

export const recentKey = (userId: string, database: string) =>
  `${PREFIX}${encodeURIComponent(userId)}.${encodeURIComponent(database)}`

/** `list` with `item` first, without duplicates, at most `max` long. */
export function withRecent(list: readonly string[], item: string, max: number): string[] {
  return [item, ...list.filter((x) => x !== item)].slice(0, max)
}

const strings = (value: unknown, pattern: RegExp, max: number) =>
  Array.isArray(value)
    ? value.filter((x): x is string => typeof x === 'string' && pattern.test(x)).slice(0, max)
    : []

/** Reads what is stored, dropping anything that is not a number or a code. */
export function parseRecent(text: string | null): RecentLookups {
  if (!text) return EMPTY
  try {
    const raw = JSON.parse(text) as { numbers?: unknown; codes?: unknown }
    return {
      numbers: strings(raw.numbers, AUTH_NUMBER_PATTERN, MAX_RECENT_NUMBERS),
      codes: strings(raw.codes, AUTH_CODE_PATTERN, MAX_RECENT_CODES),
    }
  } catch {
    return EMPTY
  }
}

const listeners = new Set<() => void>()
const snapshots = new Map<string, { text: string | null; value: RecentLookups }>()

function readStored(key: string): RecentLookups {
  let text: string | null = null
  try {
    text = localStorage.getItem(key)
  } catch {
    // storage unavailable: nothing remembered
  }
  const cached = snapshots.get(key)
  if (cached && cached.text === text) return cached.value
  const value = parseRecent(text)
  snapshots.set(key, { text, value })
  return value
}

function writeStored(key: string, update: (current: RecentLookups) => RecentLookups) {
  const next = update(readStored(key))
  try {
    if (next.numbers.length === 0 && next.codes.length === 0) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(next))
  } catch {
    // quota or privacy mode: lookups still work, they are just not remembered
  }
  listeners.forEach((notify) => notify())
}

function subscribe(notify: () => void) {
  listeners.add(notify)
  window.addEventListener('storage', notify)
  return () => {
    listeners.delete(notify)
    window.removeEventListener('storage', notify)
  }
}

/** The signed-in user's recent lookups and seen codes in the current database. */
export function useRecentLookups() {
  const user = useCurrentUser()
  const database = useDatabase()
  const key = recentKey(user.userId, database)
  const recent = useSyncExternalStore(subscribe, () => readStored(key))

  const rememberNumber = useCallback(
    (authNumber: string) => {
      if (!AUTH_NUMBER_PATTERN.test(authNumber)) return
      writeStored(key, (r) => ({
        ...r,
        numbers: withRecent(r.numbers, authNumber, MAX_RECENT_NUMBERS),
      }))
    },
    [key],
  )
  const forgetNumber = useCallback(
    (authNumber: string) =>
      writeStored(key, (r) => ({ ...r, numbers: r.numbers.filter((n) => n !== authNumber) })),
    [key],
  )
  const rememberCode = useCallback(
    (code: string) => {
      const upper = code.trim().toUpperCase()
      if (!AUTH_CODE_PATTERN.test(upper)) return
      writeStored(key, (r) =>
        r.codes.includes(upper) ? r : { ...r, codes: withRecent(r.codes, upper, MAX_RECENT_CODES) },
      )
    },
    [key],
  )
  const clearNumbers = useCallback(() => writeStored(key, (r) => ({ ...r, numbers: [] })), [key])

  return useMemo(
    () => ({ ...recent, rememberNumber, forgetNumber, rememberCode, clearNumbers }),
    [recent, rememberNumber, forgetNumber, rememberCode, clearNumbers],
  )
}
