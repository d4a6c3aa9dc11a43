import { useCallback, useEffect } from 'react'
import { matchPath, useNavigate, useSearchParams } from 'react-router'
import { SignInPage } from '@/features/session/sign-in-page'
import { useRuntimeConfig } from '@/lib/app-context'
import { safeNext } from '@/lib/paths'
import { eventIndexOf } from '@/lib/runtime-config'
import { usePageTitle, type TitleHandle } from '../page-title'
import { PAGES } from '../pages'

export const handle: TitleHandle = { title: 'Sign in' }

const ignore = () => undefined
/** How long the sign-in page is up before it loads what comes next (its own code first). */
const WARM_AFTER_MS = 1000

export function Component() {
  usePageTitle()
  const navigate = useNavigate()
  const config = useRuntimeConfig()
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const onSignedIn = useCallback(() => navigate(next, { replace: true }), [navigate, next])
  const fromServer = eventIndexOf(config) === 'server'
  // While the user types, the code of what comes next loads: the signed-in layout, the page
  // signing in opens, and the client of the console server where it answers the views. Signing
  // in then waits for the service, not for the app's own files.
  useEffect(() => {
    const warm = setTimeout(() => {
      const pathname = new URL(next, location.origin).pathname
      void import('./signed-in').catch(ignore)
      void PAGES.find((page) => matchPath(page.path, pathname))
        ?.load()
        .catch(ignore)
      if (fromServer) void import('@/features/events/index/server-index-client').catch(ignore)
    }, WARM_AFTER_MS)
    return () => clearTimeout(warm)
  }, [next, fromServer])
  return <SignInPage onSignedIn={onSignedIn} />
}
