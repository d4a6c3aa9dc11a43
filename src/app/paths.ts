/** Every path of the app, built in one place. */
export const paths = {
  home: () => '/',
  signIn: (next?: string) =>
    next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  events: {
    list: () => '/events',
    calendar: () => '/events/calendar',
    mine: () => '/events/mine',
  },
  auths: () => '/auths',
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
