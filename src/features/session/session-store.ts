import type { Connection } from '@/api/client'
import type { TokenClaims } from '@/api/schemas/sign-in'
import { claimDrafts, removeAllDrafts, setDraftKey } from '@/lib/draft-store'
import { markActive, setIdleScope } from './idle-deadline'
import { readTokenClaims } from './token-claims'

/**
 * A signed-in session. Its tokens and drafts key live in this tab's memory only: the copy in
 * sessionStorage (`bac.session`) holds who and where, never a secret.
 */
export interface Session extends Connection {
  refreshToken?: string | undefined
  claims: TokenClaims | null
  /**
   * When the user signed in (ms since epoch): the token's `auth_time`, else the `iat` of the
   * token the sign-in gave (a refreshed token's `iat` is its renewal, so it is kept from then).
   */
  signedInAt?: number | undefined
  /** The key of this session's drafts (`lib/draft-store`): memory only, kept through the lock. */
  draftKey?: string | undefined
}

/** New tokens, and with an unlock or a sign-in the drafts key. */
export interface Tokens {
  token: string
  refreshToken?: string | undefined
  draftKey?: string | undefined
}

/**
 * What React renders from: the session without its secrets. The tokens and the drafts key stay
 * in the store alone, so no component's state (nor React's copy of an earlier render) holds them
 * after the lock or sign-out.
 */
export type SessionView = Omit<Session, 'token' | 'refreshToken' | 'draftKey'>

const viewOf = (session: Session | null): SessionView | null => {
  if (!session) return null
  const { token: _token, refreshToken: _refresh, draftKey: _key, ...view } = session
  return view
}

/** What "Remember this device" keeps in localStorage: never the token, never member data. */
export interface DevicePreferences {
  serviceUrl: string
  database: string
  apiKey: string
}

export type SessionEndReason = 'signed-out' | 'expired'

/**
 * Why a tab is locked: no activity for the idle limit; the user's Lock now; a tab reopened without
 * its session (the browser was closed or crashed: nothing that signs in is kept on disk); or a
 * session the service ended (signed out elsewhere, ended by an administrator).
 */
export type LockReason = 'idle' | 'manual' | 'reopened' | 'ended'

/** What the session UI shows over the page: nothing, a re-authentication dialog, or the lock. */
export interface SessionStatus {
  /** The service answered 401 (or the token is about to expire): ask for the password. */
  reauth: null | { reason: 'expired' | 'expiring' }
  /**
   * A reload of this tab handed over the refresh token: new tokens are being asked for (the
   * controller's `resume`), and nothing is shown or fetched until they come.
   */
  resuming: boolean
  /**
   * Idle lock: the signed-in UI is gone and the tokens are discarded; only who was signed in and
   * where remain, until the same user signs in again.
   */
  locked: boolean
  /** Why it is locked, for the lock screen to say (`LockReason`). */
  lockReason?: LockReason | undefined
}

const SESSION_KEY = 'bac.session'
const DEVICE_KEY = 'bac.device'
/**
 * What a page of this tab hands the next one when it goes (a reload, a link out and Back): the
 * refresh token and the drafts key, written at `pagehide` and removed by the next page as it
 * starts. It is never in storage while a page runs, so a crashed browser leaves none behind; one
 * left by a page that never came back expires (`HANDOFF_MS`), and the next page at once swaps the
 * refresh token for a new one, so a copy of it is worth nothing (the service ends a session whose
 * old refresh token comes back).
 */
const HANDOFF_KEY = 'bac.handoff'
const HANDOFF_MS = 60_000

interface Handoff {
  /** The page that wrote it: a page back from the back-forward cache knows its own. */
  page: string
  user: string
  db: string
  at: number
  refreshToken?: string | undefined
  draftKey?: string | undefined
  /** A locked tab's reason, said again by the next page. */
  lockReason?: LockReason | undefined
}

/** The session as stored: who and where, without a token, refresh token or drafts key. */
const storedOf = (session: Session) => {
  const { token: _token, refreshToken: _refresh, draftKey: _key, ...rest } = session
  return { ...rest, token: '' }
}

type Listener = () => void

function readJson<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const text = storage?.getItem(key)
    return text ? (JSON.parse(text) as T) : null
  } catch {
    return null
  }
}

const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000)
/** When the token says its user signed in: `auth_time`; with `orIssued`, else its `iat`. */
const signInTime = (claims: TokenClaims | null, orIssued: boolean) =>
  seconds(claims?.auth_time) ?? (orIssued ? seconds(claims?.iat) : undefined)

const tabStorage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)
const deviceStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage)

/** Holds the current session and its UI status; React reads both with `useSyncExternalStore`. */
export function createSessionStore() {
  let current: Session | null = readJson<Session>(tabStorage(), SESSION_KEY)
  if (current && typeof current.token !== 'string') current = null
  // Whatever a stored record says, its secrets come only from this tab's previous page.
  if (current) current = { ...current, token: '', refreshToken: undefined, draftKey: undefined }
  const handoff = readJson<Handoff>(tabStorage(), HANDOFF_KEY)
  tabStorage()?.removeItem(HANDOFF_KEY)
  if (
    current &&
    handoff &&
    handoff.user === (current.claims?.sub ?? '') &&
    handoff.db === current.database &&
    Date.now() - handoff.at < HANDOFF_MS &&
    Date.now() >= handoff.at
  )
    current = { ...current, refreshToken: handoff.refreshToken, draftKey: handoff.draftKey }
  // A session without a token is a locked one (the lock is what is missing, not a flag to
  // remove), unless a refresh token was handed over: then it is resuming.
  let status: SessionStatus = {
    reauth: null,
    resuming: Boolean(current?.refreshToken),
    locked: current !== null && !current.refreshToken,
    // Handed over without a refresh token, the tab was locked already (and says why again);
    // else it was reopened.
    lockReason: handoff && current?.draftKey ? (handoff.lockReason ?? 'idle') : 'reopened',
  }
  let endReason: SessionEndReason | null = null
  const listeners = new Set<Listener>()
  const emit = () => listeners.forEach((l) => l())
  let view = viewOf(current)
  /** This page, as its handoff names it. */
  const pageId = Math.random().toString(36).slice(2)
  /** The idle deadline kept is this user's in this database (`idle-deadline.ts`). */
  const scopeIdle = () => setIdleScope(current?.database ?? '', current?.claims?.sub ?? '')
  scopeIdle()
  const persist = () => {
    scopeIdle()
    view = viewOf(current)
    if (current) tabStorage()?.setItem(SESSION_KEY, JSON.stringify(storedOf(current)))
    else tabStorage()?.removeItem(SESSION_KEY)
    setDraftKey(current?.draftKey ?? null)
  }
  setDraftKey(current?.draftKey ?? null)
  if (typeof window !== 'undefined') {
    // The page goes (a reload, a link out): hand this tab's next page what it needs to go on.
    window.addEventListener('pagehide', () => {
      if (!current) return
      const next: Handoff = {
        page: pageId,
        user: current.claims?.sub ?? '',
        db: current.database,
        at: Date.now(),
        refreshToken: current.refreshToken,
        draftKey: current.draftKey,
        lockReason: status.locked ? status.lockReason : undefined,
      }
      tabStorage()?.setItem(HANDOFF_KEY, JSON.stringify(next))
    })
    // Back to this very page (the back-forward cache): it kept its memory, so it takes its own
    // handoff back. When its handoff is gone, another page of the tab took the session over
    // (and swapped its refresh token): this one must not go on with the old, so it locks.
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return
      const left = readJson<Handoff>(tabStorage(), HANDOFF_KEY)
      if (left?.page === pageId) tabStorage()?.removeItem(HANDOFF_KEY)
      else if (current?.token || current?.refreshToken) lockAs('reopened')
    })
  }
  /** Drops the tokens and locks (see `lock`); returns the session dropped, or null. */
  function lockAs(reason: LockReason): Session | null {
    if (!current || status.locked) return null
    const dropped = current
    current = { ...current, token: '', refreshToken: undefined }
    status = { reauth: null, resuming: false, locked: true, lockReason: reason }
    persist()
    emit()
    return dropped
  }
  const setStatus = (next: Partial<SessionStatus>) => {
    status = { ...status, ...next }
    emit()
  }

  return {
    get: () => current,
    /** The session as components see it (no token); a new object whenever the session changes. */
    view: () => view,
    status: () => status,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** The connection requests use; empty token when signed out. */
    connection(): Connection {
      return current
        ? {
            baseUrl: current.baseUrl,
            apiKey: current.apiKey,
            token: current.token,
            database: current.database,
          }
        : { baseUrl: '', apiKey: '', token: '', database: '' }
    },
    signIn(session: Omit<Session, 'claims'>) {
      endReason = null
      const claims = readTokenClaims(session.token)
      current = { ...session, claims, signedInAt: session.signedInAt ?? signInTime(claims, true) }
      status = { reauth: null, resuming: false, locked: false }
      claimDrafts(current.claims?.sub ?? '')
      scopeIdle()
      markActive()
      persist()
      emit()
    },
    /** New tokens for the same person and connection (refresh, re-authentication, unlock). */
    replaceTokens(tokens: Omit<Tokens, 'draftKey'>) {
      // A locked tab takes no tokens but an unlock's.
      if (!current || status.locked) return
      const claims = readTokenClaims(tokens.token)
      current = {
        ...current,
        token: tokens.token,
        refreshToken: tokens.refreshToken ?? current.refreshToken,
        claims,
        signedInAt: signInTime(claims, false) ?? current.signedInAt,
      }
      if (status.resuming) status = { ...status, resuming: false }
      persist()
      emit()
    },
    /** Works in another database from now on; the token stays. */
    switchDatabase(database: string) {
      if (!current || current.database === database) return
      current = { ...current, database }
      persist()
      // Switching is the user's doing: the new database's deadline starts from it.
      markActive()
      emit()
    },
    /** Ends the local session; `expired` when the service ended it rather than the user. */
    signOut(reason: SessionEndReason = 'signed-out') {
      endReason = reason
      current = null
      // Signing out deletes the drafts; a session the service ended keeps them (sealed) for the
      // same user's next sign-in.
      if (reason === 'signed-out') removeAllDrafts()
      status = { reauth: null, resuming: false, locked: false }
      persist()
      emit()
    },
    askToReauthenticate: (reason: 'expired' | 'expiring') => setStatus({ reauth: { reason } }),
    reauthenticated: () => setStatus({ reauth: null }),
    /**
     * Locks: the tokens are dropped (returned, so the caller can end the session on the service);
     * who was signed in and where stay for the lock screen, and the drafts key stays in memory so
     * that what was typed is offered again after unlocking.
     */
    lock: (reason: LockReason = 'idle'): Session | null => lockAs(reason),
    /** Unlocks with new tokens of the same user (see the controller's `unlock`). */
    unlock(tokens: Tokens) {
      if (!current) return
      const claims = readTokenClaims(tokens.token)
      current = {
        ...current,
        token: tokens.token,
        refreshToken: tokens.refreshToken,
        claims,
        signedInAt: signInTime(claims, true),
        draftKey: tokens.draftKey ?? current.draftKey,
      }
      status = { reauth: null, resuming: false, locked: false }
      scopeIdle()
      markActive()
      persist()
      emit()
    },
    /** Why the last session ended, or null while none has. */
    endReason: () => endReason,
    devicePreferences: () => readJson<DevicePreferences>(deviceStorage(), DEVICE_KEY),
    rememberDevice(preferences: DevicePreferences | null) {
      if (preferences) deviceStorage()?.setItem(DEVICE_KEY, JSON.stringify(preferences))
      else deviceStorage()?.removeItem(DEVICE_KEY)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
