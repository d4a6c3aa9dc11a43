import { useCallback, useSyncExternalStore } from 'react'
import { useDatabase } from '@/api/api-context'
import { useCurrentUser } from '@/lib/app-context'

/*
 * The user groups a person works: those their token names (the identity provider's `groups`
 * claim), unless they chose others, kept per user and database on this device like saved views
 * (group keys only, never member data).
 */
const keyOf = (db: string, user: string) => `bac.groups.${db}.${user}`
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function readChosen(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function parse(text: string | null): number[] | null {
  if (text === null) return null
  try {
    const value = JSON.parse(text) as unknown
    return Array.isArray(value) ? value.filter((n): n is number => Number.isSafeInteger(n)) : null
  } catch {
    return null
  }
}

export function useMyGroups() {
  const db = useDatabase()
  const user = useCurrentUser()
  const key = keyOf(db, user.userId)
  const text = useSyncExternalStore(subscribe, () => readChosen(key))
  const chosen = parse(text)
  const groups: number[] = chosen ?? [...user.groups]
  const setGroups = useCallback(
    (next: number[] | null) => {
      try {
        if (next === null) localStorage.removeItem(key)
        else localStorage.setItem(key, JSON.stringify([...new Set(next)].sort((a, b) => a - b)))
      } catch {
        // storage unavailable: the token's groups still apply
      }
      listeners.forEach((l) => l())
    },
    [key],
  )
  return { groups, fromToken: [...user.groups], chosen: chosen !== null, setGroups }
}
