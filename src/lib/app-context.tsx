import { createContext, useContext } from 'react'
import { userCan, type Permission } from './permissions'
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime-config'

/** Who is signed in, as features need it (My events, admin-only pages). */
export interface CurrentUser {
  userId: string
  name: string
  roles: string[]
  /**
   * The user groups (`userGroup_Key`) the token's `groups` claim names; empty when it names none.
   */
  groups: readonly number[]
  /** When the user signed in (ms since epoch), when the token says. */
  signedInAt: number | null
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

export { userCan, type Permission } from './permissions'

/** Whether the signed-in user may do `permission`. */
export const useCan = (permission: Permission) => userCan(useCurrentUser(), permission)

/**
 * Whether the user may delete an event, as the service rules it: whoever entered it
 * (`entry_User`) or an admin; not its assignee, since anyone may reassign an event to themselves.
 * A session that names no roles is shown the action, and the service decides.
 */
export function userMayDeleteEvent(
  user: Pick<CurrentUser, 'userId' | 'roles'>,
  event: { entry_User?: string | null },
): boolean {
  return (
    userCan(user, 'admin') ||
    (typeof event.entry_User === 'string' && event.entry_User === user.userId)
  )
}
