import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router'
import { routerBasename } from '@/lib/app-base'
import { paths } from '@/lib/paths'
import { RouteError } from './layout/route-error'
import { pageRoutes } from './page-routes'
import { PAGES } from './pages'

/** The address below the router's base, or null when the page is outside it. */
function pathBelow(basename: string): string | null {
  const prefix = basename === '/' ? '' : basename
  return location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) || '/' : null
}

/**
 * Opened without a session, any page but sign-in goes to the sign-in page (coming back after)
 * before the router starts: the router would load the signed-in layout's and the page's code
 * first, only for the layout to redirect.
 */
function toSignInWhenSignedOut(basename: string, signedIn: boolean) {
  const path = pathBelow(basename) ?? '/'
  if (signedIn || path === paths.signIn()) return
  const next = path + location.search + location.hash
  const prefix = basename === '/' ? '' : basename
  history.replaceState(history.state, '', prefix + paths.signIn(next))
}

/**
 * Starts loading the code of the page the address opens (and of the signed-in layout around it)
 * while the app still reads its configuration and resumes the session, instead of after: the
 * router's own loading then finds it loaded. (The page of a reload, or a link opened in a new
 * tab, is drawn that much sooner.) Nothing for the sign-in page, which needs neither.
 */
export function warmPageCode() {
  const path = pathBelow(routerBasename())
  if (path === null || path === paths.signIn()) return
  const ignore = () => undefined
  void import('./routes/signed-in').catch(ignore)
  const found = matchRoutes(
    PAGES.map((page, i) => ({ path: page.path, id: String(i) })),
    path,
  )?.at(-1)
  if (found) void PAGES[Number(found.route.id)]?.load().catch(ignore)
}

/**
 * Every part of the app loads lazily; the sign-in page needs no React Query at all. Routes are
 * below the base the console is served at (`lib/app-base`).
 */
export function createAppRouter({ signedIn }: { signedIn: boolean }) {
  const basename = routerBasename()
  toSignInWhenSignedOut(basename, signedIn)
  const routes: RouteObject[] = [
    { path: '/sign-in', lazy: () => import('./routes/sign-in'), errorElement: <RouteError /> },
    {
      path: '/',
      lazy: () => import('./routes/signed-in'),
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to={paths.events.mine()} replace /> },
            ...pageRoutes(PAGES),
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]
  return createBrowserRouter(routes, { basename })
}
