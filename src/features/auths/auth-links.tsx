import { createContext, useContext, type ReactNode } from 'react'

/**
 * The app's paths to the auth pages. Features do not import the app, so the route modules hand
 * these in (`paths.auths`) and the feature's components read them here.
 */
export interface AuthLinks {
  lookup: () => string
  create: () => string
  import: () => string
  detail: (authNumber: string) => string
  edit: (authNumber: string) => string
}

const AuthLinksContext = createContext<AuthLinks | null>(null)

export function AuthLinksProvider({ links, children }: { links: AuthLinks; children: ReactNode }) {
  return <AuthLinksContext value={links}>{children}</AuthLinksContext>
}

export function useAuthLinks(): AuthLinks {
  const links = useContext(AuthLinksContext)
  if (!links) throw new Error('useAuthLinks() needs an <AuthLinksProvider> above it.')
  return links
}
