/** Every path of the app, built in one place. */
const id = (value: string | number) => encodeURIComponent(String(value))

export const paths = {
  /** The start page, My events, by its own address: arriving there is not a redirect from '/'. */
  home: () => '/events/mine',
  signIn: (next?: string) =>
    next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  events: {
    list: () => '/events',
    mine: (userId?: string) => (userId ? `/events/mine/${id(userId)}` : '/events/mine'),
    calendar: () => '/events/calendar',
    team: () => '/events/team',
    create: () => '/events/new',
    detail: (eventId: number) => `/events/${id(eventId)}`,
    edit: (eventId: number) => `/events/${id(eventId)}/edit`,
  },
  auths: {
    lookup: () => '/auths',
    create: () => '/auths/new',
    import: () => '/auths/import',
    detail: (authNumber: string) => `/auths/${id(authNumber)}`,
    edit: (authNumber: string) => `/auths/${id(authNumber)}/edit`,
  },
  admin: {
    sessions: () => '/admin/sessions',
    passwordPolicy: () => '/admin/password-policy',
  },
  reference: () => '/reference',
} as const

/** Only same-app paths are followed after sign-in (no open redirects). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : paths.home()
}
