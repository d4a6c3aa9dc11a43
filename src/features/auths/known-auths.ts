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

const full = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ')

/** The text a known auth is found by: number, member, provider, status and code. */
export function searchTextOf({ auth, vba }: KnownAuth): string {
  return [
    auth.auth_Number,
    full(vba?.member_First_Name, vba?.member_Last_Name),
    auth.subscriber_ID,
    vba?.provider_Org_Name,
    full(vba?.provider_First_Name, vba?.provider_Last_Name),
    auth.provider_ID,
    auth.status,
    auth.auth_Code && `code ${auth.auth_Code}`,
    auth.service_Type,
    auth.assigned_User,
  ]
    .filter(Boolean)
    .join(' \u0001 ')
    .toLowerCase()
}

/** The known auths whose number, member, provider or status hold every word of `text`. */
export function searchKnownAuths(known: readonly KnownAuth[], text: string): KnownAuth[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  return known.filter((k) => {
    const haystack = searchTextOf(k)
    return words.every((w) => haystack.includes(w))
  })
}
