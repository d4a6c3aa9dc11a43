import type { Connection } from '@/api/client'
import type { TokenClaims } from '@/api/schemas/sign-in'
import { readTokenClaims } from './token-claims'

/** A signed-in session. The token lives in memory and sessionStorage only. */
export interface Session extends Connection {
  refreshToken?: string | undefined
  claims: TokenClaims | null
}

/** What "Remember this device" keeps in localStorage: never the token, never member data. */
export interface DevicePreferences {
  serviceUrl: string
  database: string
  apiKey: string
}

const SESSION_KEY = 'bac.session'
const DEVICE_KEY = 'bac.device'

type Listener = () => void

export type SessionEndReason = 'signed-out' | 'expired'

function readJson<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const text = storage?.getItem(key)
    return text ? (JSON.parse(text) as T) : null
  } catch {
    return null
  }
}

const safeSessionStorage = () =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage
const safeLocalStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage)

/** Holds the current session; React reads it with `useSyncExternalStore`. */
export function createSessionStore() {
  let current: Session | null = readJson<Session>(safeSessionStorage(), SESSION_KEY)
  if (current && typeof current.token !== 'string') current = null
  let endReason: SessionEndReason | null = null
  const listeners = new Set<Listener>()
  const emit = () => listeners.forEach((l) => l())

  return {
    get: () => current,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** The connection requests use; empty token when signed out. */
    connection(): Connection {
      return current
        ? {
            baseUrl: current.baseUrl,
            apiKey: current.apiKey,
            token: current.token,
            database: current.database,
          }
        : { baseUrl: '', apiKey: '', token: '', database: '' }
    },
    signIn(session: Omit<Session, 'claims'>) {
      endReason = null
      current = { ...session, claims: readTokenClaims(session.token) }
      safeSessionStorage()?.setItem(SESSION_KEY, JSON.stringify(current))
      emit()
    },
    /** Ends the local session; `expired` when the service ended it rather than the user. */
    signOut(reason: SessionEndReason = 'signed-out') {
      endReason = reason
      current = null
      safeSessionStorage()?.removeItem(SESSION_KEY)
      emit()
    },
    /** Why the last session ended, or null while none has. */
    endReason: () => endReason,
    devicePreferences: () => readJson<DevicePreferences>(safeLocalStorage(), DEVICE_KEY),
    rememberDevice(preferences: DevicePreferences | null) {
      if (preferences) safeLocalStorage()?.setItem(DEVICE_KEY, JSON.stringify(preferences))
      else safeLocalStorage()?.removeItem(DEVICE_KEY)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
