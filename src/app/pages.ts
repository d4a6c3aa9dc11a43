import type { ComponentType } from 'react'
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router'
import type { Permission } from '@/lib/permissions'

/** The navigation's sections, in the order they are shown. */
export const NAV_SECTIONS = ['Events', 'Auths', 'Admin', 'Reference'] as const
export type NavSection = (typeof NAV_SECTIONS)[number]

/** What a route module exports: its page, and optionally a loader and a finer tab title. */
export interface RouteModule {
  Component?: ComponentType | null
  loader?: LoaderFunction
  handle?: unknown
  shouldRevalidate?: ShouldRevalidateFunction
  /** What the page loads on first use beyond its module (a large view), to load ahead with it. */
  warm?: () => Promise<unknown>
}

/**
 * One page of the signed-in console, declared once: the router, the navigation, search
 * everywhere's commands and the role guard all read this. Adding a page is this declaration, its
 * route module in `routes/` and the feature's page component.
 */
export interface PageDeclaration {
  /** The address below the app's base, as the router matches it (`/events/:eventId`). */
  path: string
  /** The page's name: the browser tab's title (unless the route module's `handle` names the
   * record), and what the role guard says the user cannot open. */
  name: string
  /** Who may open it; the others see why not, and are offered it nowhere. */
  needs?: Permission
  /** Its entry in the navigation (pages without parameters only). */
  nav?: { section: NavSection; label: string }
  /** Its command in search everywhere: the words it is found by, and a label if not `name`. */
  command?: { label?: string; words: string }
  /** The route module (`routes/`), loaded when the page is first opened. */
  load: () => Promise<RouteModule>
}

/** Every page, in the order the navigation and the palette list them. */
export const PAGES: readonly PageDeclaration[] = [
  {
    path: '/events/mine',
    name: 'My events',
    nav: { section: 'Events', label: 'My events' },
    command: { words: 'my events today overdue work' },
    load: () => import('./routes/my-events'),
  },
  { path: '/events/mine/:userId', name: 'Queue', load: () => import('./routes/my-events') },
  {
    path: '/events',
    name: 'Events',
    nav: { section: 'Events', label: 'List' },
    command: { label: 'Events list', words: 'events list all filter' },
    load: () => import('./routes/events-list'),
  },
  {
    path: '/events/calendar',
    name: 'Calendar',
    nav: { section: 'Events', label: 'Calendar' },
    command: { words: 'calendar month week' },
    load: () => import('./routes/event-calendar'),
  },
  {
    path: '/events/team',
    name: 'Team',
    nav: { section: 'Events', label: 'Team' },
    command: {
      label: 'Team: load per person and group',
      words: 'team load supervisor workload people groups queue hand over',
    },
    load: () => import('./routes/events-team'),
  },
  {
    path: '/events/new',
    name: 'New event',
    command: { words: 'new event create add task reminder' },
    load: () => import('./routes/event-new'),
  },
  { path: '/events/:eventId', name: 'Event', load: () => import('./routes/event-detail') },
  { path: '/events/:eventId/edit', name: 'Edit event', load: () => import('./routes/event-edit') },
  {
    path: '/auths',
    name: 'Auths',
    nav: { section: 'Auths', label: 'Look up' },
    command: { label: 'Look up an auth', words: 'auth look up find authorization' },
    load: () => import('./routes/auths'),
  },
  {
    path: '/auths/new',
    name: 'New auth',
    needs: 'changeAuths',
    command: { words: 'new auth create authorization' },
    load: () => import('./routes/auth-new'),
  },
  {
    path: '/auths/import',
    name: 'Import auths',
    needs: 'changeAuths',
    nav: { section: 'Auths', label: 'Import' },
    command: { words: 'import auths csv upload batch' },
    load: () => import('./routes/auth-import'),
  },
  {
    path: '/auths/register',
    name: 'Auth register',
    nav: { section: 'Auths', label: 'Register' },
    command: {
      label: 'Auth register: every auth the console has met',
      words: 'auths register list all overdue due soon decision deadline queue assign',
    },
    load: () => import('./routes/auth-register'),
  },
  {
    path: '/auths/report',
    name: 'CMS report',
    needs: 'audit',
    nav: { section: 'Auths', label: 'CMS report' },
    command: {
      label: 'CMS prior-authorization report',
      words: 'cms report metrics prior authorization approved denied appeal median compliance',
    },
    load: () => import('./routes/auth-report'),
  },
  { path: '/auths/:authNumber', name: 'Auth', load: () => import('./routes/auth-detail') },
  {
    path: '/auths/:authNumber/edit',
    name: 'Edit auth',
    needs: 'changeAuths',
    load: () => import('./routes/auth-edit'),
  },
  {
    path: '/admin/sessions',
    name: 'Sessions',
    needs: 'admin',
    nav: { section: 'Admin', label: 'Sessions' },
    command: { words: 'sessions kick end user admin' },
    load: () => import('./routes/admin-sessions'),
  },
  {
    path: '/admin/password-policy',
    name: 'Password policy',
    needs: 'admin',
    nav: { section: 'Admin', label: 'Password policy' },
    command: { words: 'password policy identity admin' },
    load: () => import('./routes/admin-password-policy'),
  },
  {
    path: '/admin/audit',
    name: 'Audit',
    needs: 'audit',
    nav: { section: 'Admin', label: 'Audit' },
    command: { words: 'audit record history who viewed changed compliance hipaa' },
    load: () => import('./routes/admin-audit'),
  },
  {
    path: '/reference',
    name: 'Reference lists',
    nav: { section: 'Reference', label: 'Lookup lists' },
    command: { label: 'Lookup lists', words: 'lookup lists reference codes' },
    load: () => import('./routes/reference'),
  },
]

/** What the user may do (`userCan`, `lib/permissions.ts`, for the signed-in user). */
type Can = (permission: Permission) => boolean
const opens = (can: Can, page: PageDeclaration) => !page.needs || can(page.needs)

/** The navigation for a user: each section with the pages they may open, empty sections left out. */
export function navigationFor(can: Can, pages: readonly PageDeclaration[] = PAGES) {
  return NAV_SECTIONS.map((heading) => ({
    heading,
    links: pages.flatMap((page) =>
      page.nav?.section === heading && opens(can, page)
        ? [{ to: page.path, label: page.nav.label }]
        : [],
    ),
  })).filter((section) => section.links.length > 0)
}

/** The pages search everywhere offers a user, with the words each is found by. */
export function commandsFor(can: Can, pages: readonly PageDeclaration[] = PAGES) {
  return pages.flatMap((page) =>
    page.command && opens(can, page)
      ? [{ label: page.command.label ?? page.name, to: page.path, words: page.command.words }]
      : [],
  )
}

/**
 * Loads the code of the pages in a user's navigation, one at a time, each when the page is idle
 * (`idle`): a page opened later, or at its address in a new tab (the build's files are kept by the
 * browser), then waits for its data only. Stops at a file that fails (offline, or a new build):
 * opening that page says so then. `stopped` ends it early (the user signed out).
 */
export async function warmNavigation(
  can: Can,
  idle: () => Promise<void>,
  stopped: () => boolean,
  pages: readonly PageDeclaration[] = PAGES,
): Promise<void> {
  for (const page of pages) {
    if (!page.nav || !opens(can, page)) continue
    await idle()
    if (stopped()) return
    try {
      const module = await page.load()
      await module.warm?.()
    } catch {
      return
    }
  }
}
