/*
 * The idle deadline: the moment by which the user must have done something in some tab of the
 * console, or it locks. It is kept in storage, not only in a timer, so that a page load (a
 * reload, Back after visiting another site, a restored tab, a second tab) knows how long the user
 * has been away and opens locked when the limit has passed. localStorage carries it between tabs
 * (work in one keeps the others open); sessionStorage keeps it when localStorage is unavailable.
 * It is a time, never member data or a token. Each user and database has a deadline of its own
 * (`bac.idle-until.<db>.<user>`): another user working in the next tab keeps only their own
 * session open, never this one.
 */
const KEY = 'bac.idle-until'
const DEFAULT_LIMIT_MS = 15 * 60_000

let limitMs = DEFAULT_LIMIT_MS
/** This page's own copy, for a browser (or test) without storage. */
let inMemory: number | null = null
/** Whose deadline this page keeps: `<db>.<user>`, empty while nobody is signed in. */
let scope = ''

/** Whose deadline is read and moved from now on: the signed-in user in their database. */
export function setIdleScope(database: string, user: string) {
  const next = user ? `${database}.${user}` : ''
  if (next === scope) return
  scope = next
  inMemory = null
}

export const idleScope = () => scope
const key = () => (scope ? `${KEY}.${scope}` : KEY)

function stores(): Storage[] {
  const out: Storage[] = []
  try {
    if (typeof localStorage !== 'undefined') out.push(localStorage)
  } catch {
    // blocked storage: the other one, or the timers alone
  }
  try {
    if (typeof sessionStorage !== 'undefined') out.push(sessionStorage)
  } catch {
    // as above
  }
  return out
}

/** The idle limit in force (`config.json`'s `idleLockMinutes`); 0 or less turns the lock off. */
export function setIdleLimit(minutes: number) {
  limitMs = Number.isFinite(minutes) ? minutes * 60_000 : DEFAULT_LIMIT_MS
}

export const idleLimitMs = () => limitMs

/** The stored deadline (the latest any tab wrote), or null when none is stored. */
export function idleDeadline(): number | null {
  let latest: number | null = inMemory
  for (const storage of stores()) {
    try {
      const text = storage.getItem(key())
      const value = Number(text)
      if (text !== null && text !== '' && !Number.isNaN(value))
        latest = latest === null ? value : Math.max(latest, value)
    } catch {
      // unreadable: as if absent
    }
  }
  return latest
}

/** The user did something now: the deadline moves to now plus the limit. */
export function markActive(now = Date.now()) {
  inMemory = now + limitMs
  const until = String(inMemory)
  for (const storage of stores()) {
    try {
      storage.setItem(key(), until)
    } catch {
      // quota or privacy mode: the timers still lock this tab
    }
  }
}

/**
 * Whether the idle limit has passed. With the lock turned off, never; with no deadline stored
 * (cleared storage, a session from before deadlines were kept), it has: the safe answer.
 */
export function idlePassed(now = Date.now()): boolean {
  if (!(limitMs > 0)) return false
  const deadline = idleDeadline()
  return deadline === null || now >= deadline
}

/** Forgets the deadline (sign-out). */
export function clearIdleDeadline() {
  inMemory = null
  for (const storage of stores()) {
    try {
      storage.removeItem(key())
    } catch {
      // nothing stored either
    }
  }
}
