import type { RouteObject } from 'react-router'
import { userCan } from '@/lib/permissions'
import { sessionStore } from './app-state'
import type { PageDeclaration } from './pages'

/**
 * The router's routes for the declared pages. A page only some roles may open loads the role
 * guard with it: a user without the role who reaches it by its address reads why instead of a
 * form the service would refuse, and its loader asks the service nothing for them.
 */
export function pageRoutes(pages: readonly PageDeclaration[]): RouteObject[] {
  return pages.map((page) => ({
    path: page.path,
    lazy: async () => {
      const [module, guard] = await Promise.all([
        page.load(),
        page.needs ? import('./layout/requires-role') : null,
      ])
      // `warm` is the console's own (warmNavigation), no part of a route.
      const { warm: _warm, ...route } = module
      const { Component, loader } = route
      const handle = { title: page.name, ...(module.handle as object | undefined) }
      if (!page.needs || !guard || !Component) return { ...route, handle }
      const needs = page.needs
      const { RequiresRole } = guard
      const allowed = () => userCan({ roles: sessionStore.get()?.claims?.roles ?? [] }, needs)
      return {
        ...route,
        handle,
        loader:
          typeof loader === 'function'
            ? (...args: Parameters<typeof loader>) => (allowed() ? loader(...args) : null)
            : loader,
        Component: () => (
          <RequiresRole permission={needs} title={page.name}>
            <Component />
          </RequiresRole>
        ),
      }
    },
  }))
}
