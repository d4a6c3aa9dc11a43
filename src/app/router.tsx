import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { routerBasename } from '@/lib/app-base'
import { paths } from '@/lib/paths'
import { RouteError } from './layout/route-error'
import { pageRoutes } from './page-routes'
import { PAGES } from './pages'

/**
 * Opened without a session, any page but sign-in goes to the sign-in page (coming back after)
 * before the router starts: the router would load the signed-in layout's and the page's code
 * first, only for the layout to redirect.
 */
function toSignInWhenSignedOut(basename: string, signedIn: boolean) {
  const prefix = basename === '/' ? '' : basename
  const path = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : ''
  if (signedIn || path === paths.signIn()) return
  const next = (path || '/') + location.search + location.hash
  history.replaceState(history.state, '', prefix + paths.signIn(next))
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
