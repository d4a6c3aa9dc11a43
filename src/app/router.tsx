import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { routerBasename } from '@/lib/app-base'
import { paths } from '@/lib/paths'
import { RouteError } from './layout/route-error'

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
            { path: 'events', lazy: () => import('./routes/events-list') },
            { path: 'events/mine', lazy: () => import('./routes/my-events') },
            { path: 'events/mine/:userId', lazy: () => import('./routes/my-events') },
            { path: 'events/calendar', lazy: () => import('./routes/event-calendar') },
            { path: 'events/team', lazy: () => import('./routes/events-team') },
            { path: 'events/new', lazy: () => import('./routes/event-new') },
            { path: 'events/:eventId', lazy: () => import('./routes/event-detail') },
            { path: 'events/:eventId/edit', lazy: () => import('./routes/event-edit') },
            { path: 'auths', lazy: () => import('./routes/auths') },
            { path: 'auths/new', lazy: () => import('./routes/auth-new') },
            { path: 'auths/import', lazy: () => import('./routes/auth-import') },
            { path: 'auths/:authNumber', lazy: () => import('./routes/auth-detail') },
            { path: 'auths/:authNumber/edit', lazy: () => import('./routes/auth-edit') },
            { path: 'admin/sessions', lazy: () => import('./routes/admin-sessions') },
            { path: 'admin/password-policy', lazy: () => import('./routes/admin-password-policy') },
            { path: 'reference', lazy: () => import('./routes/reference') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]
  return createBrowserRouter(routes, { basename })
}
