import type { QueryClient } from '@tanstack/react-query'
import type { Auth } from '@/api/schemas/auth'
import type { AuthVba } from '@/api/schemas/auth-vba'
import { authKeys } from './queries'

/** An auth the console has read this session, with its names when they were read too. */
export interface KnownAuth {
  auth: Auth
  vba?: AuthVba | undefined
}

/**
 * The auths the console knows of in a database: those read this session and still in the query
 * cache (memory only, emptied by the lock and sign-out). The service offers no list of all auths,
 * so this is what search among auths and Auths in my work can use.
 */
export function knownAuths(queryClient: QueryClient, db: string): KnownAuth[] {
  const details = authKeys.details(db)
  const byNumber = new Map<string, KnownAuth>()
  for (const [key, data] of queryClient.getQueriesData({ queryKey: details })) {
    if (!data || key.length === details.length) continue
    const authNumber = String(key[details.length])
    const rest = key.slice(details.length + 1)
    const known = byNumber.get(authNumber)
    if (rest.length === 0) byNumber.set(authNumber, { ...known, auth: data as Auth })
    else if (rest[0] === 'vba') {
      const vba = data as AuthVba
      const auth = known?.auth ?? vba.authDetail
      if (auth) byNumber.set(authNumber, { auth, vba })
    }
  }
  return [...byNumber.values()]
}
