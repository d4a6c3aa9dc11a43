import { lazy, Suspense, useCallback, useMemo } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { CurrentUserContext, useRuntimeConfig, type CurrentUser } from '@/lib/app-context'
import { EventIndexProvider } from '@/features/events/index/event-index-provider'
import type { IndexSource } from '@/features/events/index/index-client'
import { useSessionCheck } from '@/features/session/use-session-check'
import {
  useSession,
  useSessionController,
  useSessionStatus,
  useSessionStore,
} from '@/features/session/session-context'
import { readGroupsClaim } from '@/features/session/token-claims'
import { useIdleTimer } from '@/features/session/use-idle-timer'
import { useLockShortcut } from '@/features/session/use-lock-shortcut'
import { paths } from '@/lib/paths'
import { usePageTitle } from '../page-title'
import { AppLayout } from './app-layout'
import styles from './signed-in-layout.module.css'
import { UndoScope } from './undo-scope'

// Asked for only when the service has ended the session or it is about to expire: loaded then.
const ReauthDialog = lazy(() =>
  import('@/features/session/reauth-dialog').then((m) => ({ default: m.ReauthDialog })),
)
// Loaded when the console locks: the signed-in UI is gone by then whatever the network does
// (unlocking needs the service anyway); until it comes, the page says only that it is locked.
const IdleLock = lazy(() =>
  import('@/features/session/idle-lock').then((m) => ({ default: m.IdleLock })),
)

/** Guards the signed-in part of the app and provides the client, database and user to it. */
export function SignedInLayout({ api, indexSource }: { api: ApiClient; indexSource: IndexSource }) {
  const session = useSession()
  const status = useSessionStatus()
  const store = useSessionStore()
  const controller = useSessionController()
  const config = useRuntimeConfig()
  const navigate = useNavigate()
  const location = useLocation()
  const user = useMemo<CurrentUser | null>(() => {
    if (!session) return null
    const claims = session.claims
    return {
      userId: claims?.sub ?? 'unknown',
      name: claims?.name ?? claims?.sub ?? 'Signed in with a token',
      roles: claims?.roles ?? [],
      groups: readGroupsClaim(claims) ?? [],
      signedInAt: session.signedInAt ?? null,
    }
  }, [session])
  const idleLock = useCallback(() => controller.lock('idle'), [controller])
  const lock = useCallback(() => controller.lock('manual'), [controller])
  useIdleTimer(config.idleLockMinutes, idleLock, Boolean(session) && !status.locked)
  // The tab names the page, or only that the console is locked (nothing of what is behind it).
  usePageTitle(status.locked ? 'Locked' : undefined)

  if (!session || !user) {
    // After a deliberate sign-out start afresh; otherwise come back here after signing in.
    const next =
      store.endReason() === 'signed-out' ? undefined : location.pathname + location.search
    return <Navigate to={paths.signIn(next)} replace />
  }

  const signOut = async () => {
    await controller.signOut(api)
    navigate(paths.signIn(), { replace: true })
  }

  return (
    <ApiProvider api={api} database={session.database}>
      <CurrentUserContext value={user}>
        {/* Locked, the signed-in UI is unmounted (every dialog, menu and page with it): only the
            lock screen is left, and nothing of what was on screen. */}
        {status.locked ? (
          <Suspense fallback={<p className={styles.locking}>Console locked.</p>}>
            <IdleLock onSignOut={() => void signOut()} />
          </Suspense>
        ) : (
          <EventIndexProvider key={`${session.database}|${user.userId}`} source={indexSource}>
            <div className={styles.frame}>
              <LockShortcut lock={lock} />
              <SessionCheck api={api} />
              <UndoScope />
              {/* A session the service ended shows nothing until the password is given again; the
                  page stays mounted (its inputs, scroll and pending requests) but hidden. */}
              <div
                className={status.reauth?.reason === 'expired' ? styles.hidden : styles.frame}
                inert={status.reauth?.reason === 'expired'}
              >
                <AppLayout onSignOut={() => void signOut()} onLock={lock} />
              </div>
              {status.reauth && (
                <Suspense fallback={null}>
                  <ReauthDialog />
                </Suspense>
              )}
            </div>
          </EventIndexProvider>
        )}
      </CurrentUserContext>
    </ApiProvider>
  )
}

/** The session check of a visible tab (`useSessionCheck`), mounted with the unlocked console. */
function SessionCheck({ api }: { api: ApiClient }) {
  useSessionCheck(api, true, useRuntimeConfig().consoleServer)
  return null
}

/** The Lock now shortcut, mounted with the unlocked console only. */
function LockShortcut({ lock }: { lock: () => void }) {
  useLockShortcut(lock)
  return null
}
