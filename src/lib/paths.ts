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
    register: () => '/auths/register',
    report: () => '/auths/report',
    detail: (authNumber: string) => `/auths/${id(authNumber)}`,
    edit: (authNumber: string) => `/auths/${id(authNumber)}/edit`,
  },
  admin: {
    sessions: () => '/admin/sessions',
    passwordPolicy: () => '/admin/password-policy',
    /** The Audit page, searching one record's entries when given. */
    audit: (record?: { type: 'event' | 'auth'; id: string | number }) =>
      record ? `/admin/audit?recordType=${record.type}&recordId=${id(record.id)}` : '/admin/audit',
  },
  reference: () => '/reference',
} as const

const HOME_BASE = 'https://console.invalid'
const isControl = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127

/**
 * Where to go after sign-in: a path of this app, else home. Whatever `next=` an address
 * carries (another origin, `/\host` which browsers read as `//host`, control characters, bad
 * percent-encoding, the sign-in page itself), the user lands on a page, never on the sign-in form
 * with an error (no open redirects either).
 */
export function safeNext(next: string | null): string {
  const home = paths.home()
  // A backslash, or a control character (code below 32, or 127).
  const unsafe = { test: (text: string) => /[\\]/.test(text) || [...text].some(isControl) }
  if (!next || !next.startsWith('/') || unsafe.test(next)) return home
  let url: URL
  try {
    url = new URL(next, HOME_BASE)
    if (unsafe.test(decodeURIComponent(url.pathname))) return home
  } catch {
    return home
  }
  if (url.origin !== HOME_BASE) return home
  const path = url.pathname + url.search + url.hash
  const signIn = paths.signIn()
  return url.pathname === '/' || url.pathname === signIn || url.pathname.startsWith(signIn + '/')
    ? home
    : path
}
