import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { paths } from './paths'
import { RouteError } from './layout/route-error'

/** Every part of the app loads lazily; the sign-in page needs no React Query at all. */
export function createAppRouter() {
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
            { index: true, element: <Navigate to={paths.events.list()} replace /> },
            { path: 'events', lazy: () => import('./routes/events-list') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]
  return createBrowserRouter(routes)
}
