import { createContext, useContext, useSyncExternalStore } from 'react'
import type { SessionController } from './session-controller'
import type { SessionStore } from './session-store'

export interface SessionContextValue {
  store: SessionStore
  controller: SessionController
}

export const SessionContext = createContext<SessionContextValue | null>(null)

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('Session hooks need a <SessionContext> provider.')
  return value
}

export const useSessionStore = () => useSessionContext().store
export const useSessionController = () => useSessionContext().controller

/** The current session, without its tokens; re-renders when it changes. */
export function useSession() {
  const store = useSessionStore()
  return useSyncExternalStore(store.subscribe, store.view, store.view)
}

/** Whether the re-authentication dialog or the idle lock is up. */
export function useSessionStatus() {
  const store = useSessionStore()
  return useSyncExternalStore(store.subscribe, store.status, store.status)
}
