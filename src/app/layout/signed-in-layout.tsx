import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { logout } from '@/api/session'
import { CurrentUserContext, type CurrentUser } from '@/lib/app-context'
import { useSession, useSessionStore } from '@/features/session/session-context'
import { paths } from '../paths'
import { AppLayout } from './app-layout'

/** Guards the signed-in part of the app and provides the client, database and user to it. */
export function SignedInLayout({ api }: { api: ApiClient }) {
  const session = useSession()
  const store = useSessionStore()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const user = useMemo<CurrentUser | null>(() => {
    if (!session) return null
    const claims = session.claims
    return {
      userId: claims?.sub ?? 'unknown',
      name: claims?.name ?? claims?.sub ?? 'Signed in with a token',
      roles: claims?.roles ?? [],
      expiresAt: claims?.exp ? claims.exp * 1000 : null,
    }
  }, [session])

  if (!session || !user) {
    // After a deliberate sign-out start afresh; otherwise come back here after signing in.
    const next =
      store.endReason() === 'signed-out' ? undefined : location.pathname + location.search
    return <Navigate to={paths.signIn(next)} replace />
  }

  const signOut = async () => {
    try {
      await logout(api)
    } catch {
      // The session ends locally whatever the service said; nothing to keep.
    }
    store.signOut('signed-out')
    queryClient.clear()
    navigate(paths.signIn(), { replace: true })
  }

  return (
    <ApiProvider api={api} database={session.database}>
      <CurrentUserContext value={user}>
        <AppLayout database={session.database} onSignOut={() => void signOut()} />
      </CurrentUserContext>
    </ApiProvider>
  )
}
