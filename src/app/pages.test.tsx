import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { CurrentUserContext, type CurrentUser } from '@/lib/app-context'
import { userCan } from '@/lib/permissions'
import { paths } from '@/lib/paths'
import { tokenWith } from '@/test/tokens'
import { sessionStore } from './app-state'
import { pageRoutes } from './page-routes'
import { commandsFor, navigationFor, PAGES, warmNavigation, type PageDeclaration } from './pages'

/** What a person with these roles may do, as the layout asks it. */
const canOf = (user: CurrentUser) => (permission: Parameters<typeof userCan>[1]) =>
  userCan(user, permission)
const person = (roles: string[]): CurrentUser => ({
  userId: roles[0] ?? 'someone',
  name: 'Test person',
  roles,
  groups: [],
  signedInAt: null,
})

let loaded = 0
/** A page no module of the app declares: added here, it must reach every reader. */
const throwaway: PageDeclaration = {
  path: '/admin/throwaway',
  name: 'Throwaway report',
  needs: 'admin',
  nav: { section: 'Admin', label: 'Throwaway' },
  command: { words: 'throwaway report' },
  load: async () => ({
    loader: () => {
      loaded++
      return null
    },
    Component: () => <p>The throwaway page itself</p>,
  }),
}
const pages = [...PAGES, throwaway]

function openAs(roles: string[]) {
  sessionStore.signIn({
    baseUrl: '/api',
    apiKey: 'key',
    database: 'db',
    token: tokenWith({ sub: roles[0], roles }),
  })
  const router = createMemoryRouter(pageRoutes(pages), { initialEntries: [throwaway.path] })
  render(
    <CurrentUserContext value={person(roles)}>
      <RouterProvider router={router} />
    </CurrentUserContext>,
  )
  return router
}

afterEach(() => {
  cleanup()
  sessionStore.signOut()
  loaded = 0
})

describe('a page declared once', () => {
  it('is in the navigation and the palette of the roles it names, and of no other', () => {
    const admin = person(['admin'])
    const staff = person(['staff'])
    const adminSection = navigationFor(canOf(admin), pages).find((s) => s.heading === 'Admin')
    expect(adminSection?.links).toContainEqual({ to: '/admin/throwaway', label: 'Throwaway' })
    expect(
      navigationFor(canOf(staff), pages).flatMap((s) => s.links.map((l) => l.to)),
    ).not.toContain('/admin/throwaway')
    expect(commandsFor(canOf(admin), pages)).toContainEqual({
      label: 'Throwaway report',
      to: '/admin/throwaway',
      words: 'throwaway report',
    })
    expect(commandsFor(canOf(staff), pages).map((c) => c.to)).not.toContain('/admin/throwaway')
  })

  it('opens through the router for its role, with its name as the title', async () => {
    const router = openAs(['admin'])
    expect(await screen.findByText('The throwaway page itself')).toBeInTheDocument()
    expect(loaded).toBe(1)
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ title: 'Throwaway report' })
  })

  it('reached by its address without the role: says why, and loads nothing', async () => {
    openAs(['staff'])
    expect(await screen.findByText(/Only administrators can use this page/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Throwaway report' })).toBeInTheDocument()
    expect(screen.queryByText('The throwaway page itself')).toBeNull()
    expect(loaded).toBe(0)
  })
})

describe('the declared pages', () => {
  it('answer every address the app builds', () => {
    const routes = pageRoutes(PAGES)
    const built = [
      paths.home(),
      paths.events.list(),
      paths.events.mine('u1'),
      paths.events.calendar(),
      paths.events.team(),
      paths.events.create(),
      paths.events.detail(42),
      paths.events.edit(42),
      paths.auths.lookup(),
      paths.auths.create(),
      paths.auths.import(),
      paths.auths.detail('25-000001'),
      paths.auths.edit('25-000001'),
      paths.admin.sessions(),
      paths.admin.passwordPolicy(),
      paths.reference(),
    ]
    for (const path of built) expect(matchRoutes(routes, path), path).not.toBeNull()
  })

  it('offer a navigation entry only for an address without parameters', () => {
    for (const page of PAGES) if (page.nav) expect(page.path).not.toContain(':')
  })

  it('give staff no page an administrator alone may open', () => {
    const staff = person(['staff'])
    const links = navigationFor(canOf(staff)).flatMap((s) => s.links.map((l) => l.to))
    expect(links).toEqual([
      '/events/mine',
      '/events',
      '/events/calendar',
      '/events/team',
      '/auths',
      '/auths/register',
      '/reference',
    ])
    expect(commandsFor(canOf(staff)).map((c) => c.label)).not.toContain('Sessions')
    expect(commandsFor(canOf(person(['admin']))).map((c) => c.label)).toContain('Sessions')
  })
})

describe('warming the navigation', () => {
  /** Pages that note when their module and their extra code load; `fails` names one that fails. */
  function declared(fails?: string) {
    const loads: string[] = []
    const page = (path: string, extra: Partial<PageDeclaration> = {}): PageDeclaration => ({
      path,
      name: path,
      nav: { section: 'Events', label: path },
      load: async () => {
        if (path === fails) throw new TypeError('Failed to fetch dynamically imported module')
        loads.push(path)
        return { warm: async () => void loads.push(`${path} extra`) }
      },
      ...extra,
    })
    const list = [
      page('/one'),
      page('/one/:id', { nav: undefined }),
      page('/admin', { needs: 'admin', nav: { section: 'Admin', label: 'Admin' } }),
      page('/two'),
    ]
    return { loads, list }
  }
  const idle = () => Promise.resolve()

  it("loads the user's navigation's pages and their extra code, in order, and no other", async () => {
    const { loads, list } = declared()
    await warmNavigation(canOf(person(['staff'])), idle, () => false, list)
    expect(loads).toEqual(['/one', '/one extra', '/two', '/two extra'])
    const admin = declared()
    await warmNavigation(canOf(person(['admin'])), idle, () => false, admin.list)
    expect(admin.loads).toContain('/admin')
  })

  it('stops at a file that fails, and when told to', async () => {
    const failing = declared('/one')
    await warmNavigation(canOf(person(['staff'])), idle, () => false, failing.list)
    expect(failing.loads).toEqual([])
    const stopping = declared()
    let stopped = false
    const idleThenStop = async () => {
      if (stopping.loads.length > 0) stopped = true
    }
    await warmNavigation(canOf(person(['staff'])), idleThenStop, () => stopped, stopping.list)
    expect(stopping.loads).toEqual(['/one', '/one extra'])
  })
})
