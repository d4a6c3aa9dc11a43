import { createContext, useContext } from 'react'
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime-config'

/** Who is signed in, as features need it (My events, admin-only pages). */
export interface CurrentUser {
  userId: string
  name: string
  roles: string[]
  /** When the session's token expires (ms since epoch), when known. */
  expiresAt: number | null
}

export const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig)
export const CurrentUserContext = createContext<CurrentUser | null>(null)

export const useRuntimeConfig = () => useContext(RuntimeConfigContext)

/** The signed-in user; only inside the signed-in layout. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext)
  if (!user) throw new Error('useCurrentUser() is only available while signed in.')
  return user
}
