import { createContext, useContext, useSyncExternalStore } from 'react'
import type { SessionStore } from './session-store'

export const SessionStoreContext = createContext<SessionStore | null>(null)

export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext)
  if (!store) throw new Error('useSessionStore() needs a <SessionStoreContext> provider.')
  return store
}

/** The current session; re-renders when it changes. */
export function useSession() {
  const store = useSessionStore()
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
