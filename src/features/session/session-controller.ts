import { createApiClient } from '@/api/client'
import { ApiError } from '@/api/errors'
import { stringOptionListSchema } from '@/api/schemas/static-option'
import { logout, refreshTokens, signIn } from '@/api/session'
import { flushDrafts, rotateDraftKey } from '@/lib/draft-store'
import { idlePassed } from './idle-deadline'
import type { LockReason, Session, SessionStore, Tokens } from './session-store'
import { readTokenClaims } from './token-claims'

/** Who a message between tabs is about: honoured only by tabs of the same user and database. */
interface Whose {
  user: string
  db: string
}

/**
 * Messages between tabs carry no secret and never sign a tab in: any page of the same origin can
 * read and send them. Each tab holds a session of its own, from the service (a sign-in, or the
 * refresh token its own previous page handed it); a message only asks the tabs of the same user
 * and database to lock or to sign out, which each does by ending its own session.
 */
type Message = ({ type: 'signed-out' } & Whose) | ({ type: 'lock'; reason?: LockReason } & Whose)

const userOf = (session: Session | null) => session?.claims?.sub ?? ''

export type Reauthentication = { password: string } | { token: string }

const REFRESH_AHEAD_MS = 60_000
const WARN_AHEAD_MS = 120_000

/**
 * The session's lifecycle around the store: one refresh or one dialog for any number of
 * concurrent 401s, refresh before expiry, and tabs of the same browser kept on one session.
 */
export function createSessionController(
  store: SessionStore,
  options: {
    fetch?: typeof fetch
    channelName?: string
    /** Refresh (or prompt) ahead of expiry; tests of the 401 path turn it off. */
    renewAhead?: boolean
  } = {},
) {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {}
  const channel =
    typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel(options.channelName ?? 'bac.session')
  let pending: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null
  let expiryTimer: ReturnType<typeof setTimeout> | undefined
  let scheduledFor = ''

  const settle = (ok: boolean) => {
    pending?.resolve(ok)
    pending = null
  }
  const post = (message: Message) => channel?.postMessage(message)

  function adopt(tokens: { token: string; refreshToken?: string | undefined }) {
    store.replaceTokens(tokens)
    store.reauthenticated()
    settle(true)
  }

  /** This tab's user and database, as messages to other tabs name them. */
  function whose(): Whose {
    const session = store.get()
    return { user: userOf(session), db: session?.database ?? '' }
  }

  /** Whether the last failed refresh was refused by the service (its session has ended). */
  let refusedLast = false
  /** The refresh under way (or the last one), so that refreshes follow one another. */
  let refreshing: Promise<boolean> = Promise.resolve(true)

  async function refresh(): Promise<boolean> {
    const before = store.get()
    if (!before?.refreshToken) return false
    const run = async () => {
      const now = store.get()
      if (!now?.refreshToken) return false
      if (now.token !== before.token) return true // refreshed meanwhile
      try {
        const result = await refreshTokens(
          {
            baseUrl: now.baseUrl,
            apiKey: now.apiKey,
            database: now.database,
            refreshToken: now.refreshToken,
          },
          fetchOption,
        )
        const tokens = result.authenticationResult
        if (!tokens) return false
        // Locked, signed out or signed in afresh while this was under way: the renewed session
        // is not this tab's to keep (a lock must never be undone by a late answer): end it.
        const after = store.get()
        if (!after || store.status().locked || after.refreshToken !== now.refreshToken) {
          endHere({ ...now, token: tokens.idToken })
          return Boolean(after?.token) && !store.status().locked
        }
        adopt({ token: tokens.idToken, refreshToken: tokens.refreshToken ?? undefined })
        return true
      } catch (error) {
        refusedLast = error instanceof ApiError && error.status === 401
        return false
      }
    }
    // One refresh at a time in this tab (a refresh token is used once): a second caller waits,
    // then finds the token already renewed.
    const next = refreshing.then(run, run)
    refreshing = next.catch(() => false)
    return next
  }

  /** Plans the refresh (or the "Stay signed in" prompt) for the current token. */
  function scheduleExpiry() {
    const session = store.get()
    const key = session ? `${session.token}` : ''
    if (key === scheduledFor) return
    scheduledFor = key
    clearTimeout(expiryTimer)
    const exp = session?.claims?.exp
    if (!session?.token || !exp || options.renewAhead === false) return
    // Never more than a quarter of the token's life ahead, so short-lived tokens don't loop.
    const lifetime = (exp - (session.claims?.iat ?? exp - 3600)) * 1000
    const ahead = Math.min(session.refreshToken ? REFRESH_AHEAD_MS : WARN_AHEAD_MS, lifetime / 4)
    // Not sooner than a quarter of its life (at most 30 s): when this machine's clock runs ahead
    // of the service's, a fresh token already looks expired, and renewing it at once would loop.
    const floor = Math.min(30_000, lifetime / 4)
    const delay = Math.max(floor, exp * 1000 - ahead - Date.now())
    expiryTimer = setTimeout(() => {
      void refresh().then((ok) => {
        if (!ok && store.get()) store.askToReauthenticate('expiring')
      })
    }, delay)
  }

  async function tokensFor(credentials: Reauthentication) {
    const session = store.get()
    if (!session) throw new Error('Not signed in')
    if ('token' in credentials) {
      const token = credentials.token.replace(/^Bearer\s+/i, '')
      const signedIn = session.claims?.sub
      const pasted = readTokenClaims(token)?.sub
      if (signedIn && pasted !== signedIn)
        throw new Error(`This token is not ${signedIn}'s. Sign out to sign in as someone else.`)
      const api = createApiClient(() => ({ ...session, token }), fetchOption)
      // Any cheap read proves the token; the lookup list is the cheapest.
      await api.request({
        name: 'checkToken',
        method: 'GET',
        path: '/priorities',
        schema: stringOptionListSchema,
        reauthenticate: false,
      })
      return { token }
    }
    const username = session.claims?.sub
    if (!username) throw new Error('This session has no user name; paste a new token instead.')
    const result = await signIn(
      {
        baseUrl: session.baseUrl,
        apiKey: session.apiKey,
        database: session.database,
        username,
        password: credentials.password,
      },
      fetchOption,
    )
    const tokens = result.authenticationResult
    if (!tokens) throw new Error('The identity provider asks for another sign-in step.')
    return { token: tokens.idToken, refreshToken: tokens.refreshToken ?? undefined }
  }

  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    const message = event.data as Partial<Message> | null
    const session = store.get()
    // Another user's (or another database's) lock or sign-out is none of this tab's business.
    if (!message || !session || message.user !== userOf(session) || message.db !== session.database)
      return
    if (message.type === 'lock') endHere(lockHere(message.reason === 'manual' ? 'manual' : 'idle'))
    else if (message.type === 'signed-out') {
      const ending = store.status().locked ? null : session
      store.signOut('signed-out')
      settle(false)
      endHere(ending)
    }
  })
  /** Ends a session this tab dropped on the service (its own: tabs do not share one). */
  function endHere(dropped: Session | null) {
    if (!dropped?.token) return
    const api = createApiClient(() => dropped, fetchOption)
    void logout(api).catch(() => undefined)
  }
  /**
   * Locks this tab: what the user typed is kept as drafts first, then the tokens are dropped (the
   * signed-in UI unmounts and the cache empties on the store's change). Returns the session that
   * was locked, or null when there was none or it was locked already.
   */
  function lockHere(reason: LockReason = 'idle') {
    if (!store.get() || store.status().locked) return null
    flushDrafts()
    clearTimeout(expiryTimer)
    const dropped = store.lock(reason)
    settle(false)
    return dropped
  }

  /**
   * The idle lock, in this tab and every other: drafts kept, tokens dropped, and the session
   * ended on the service, so a copy of the token is worth nothing either.
   */
  function lockEverywhere(reason: LockReason = 'idle') {
    const who = whose()
    const dropped = lockHere(reason)
    if (!dropped) return
    post({ type: 'lock', reason, ...who })
    endHere(dropped)
  }

  /**
   * Locks when the idle deadline has passed (kept in storage, so it holds across page loads):
   * run at start, before anything renders or fetches, when the page is shown again (Back from
   * another site, a restored tab) and before every request. A page load therefore knows how
   * long the user has been away.
   */
  function checkIdle() {
    if (store.get()?.token && !store.status().locked && idlePassed()) lockEverywhere()
  }

  /**
   * A reload handed this page the refresh token: it is swapped at once for new tokens (so the
   * copy the handoff left is worth nothing), or, if that fails, the tab locks and asks for the
   * password. Resolves once the tab is signed in, locked or signed out.
   */
  async function resume() {
    if (!store.status().resuming) return
    if (idlePassed()) {
      store.lock('idle')
      return
    }
    if (!(await refresh()) && store.status().resuming)
      store.lock(refusedLast ? 'ended' : 'reopened')
  }
  const resumed = resume()

  store.subscribe(scheduleExpiry)
  scheduleExpiry()
  checkIdle()
  const onShow = () => checkIdle()
  if (typeof window !== 'undefined') {
    window.addEventListener('pageshow', onShow)
    document.addEventListener('visibilitychange', onShow)
  }

  return {
    /** For the API client: resolves true once new tokens are in place, false to give up. */
    handleUnauthorized(): Promise<boolean> {
      if (!store.get()) return Promise.resolve(false)
      if (pending) return pending.promise
      let resolve: (ok: boolean) => void = () => {}
      const promise = new Promise<boolean>((r) => (resolve = r))
      pending = { promise, resolve }
      void refresh().then((ok) => {
        if (!ok && pending) store.askToReauthenticate('expired')
      })
      return promise
    },
    /**
     * A 401 met by background work (the event index): a silent refresh, or else it waits for
     * the user to sign in again for some action of their own; it never asks for the password
     * itself. Resolves false when the session ends instead.
     */
    handleUnauthorizedQuietly(): Promise<boolean> {
      if (!store.get()) return Promise.resolve(false)
      if (pending) return pending.promise
      const token = store.connection().token
      return refresh().then(
        (ok) =>
          ok ||
          new Promise<boolean>((resolve) => {
            const stop = store.subscribe(() => {
              const now = store.get()
              const next = store.connection().token
              if (!now) {
                stop()
                resolve(false)
              } else if (next && next !== token) {
                stop()
                resolve(true)
              }
            })
          }),
      )
    },
    /** Answers the re-authentication dialog; throws (and keeps the dialog) when refused. */
    async reauthenticate(credentials: Reauthentication) {
      adopt(await tokensFor(credentials))
    },
    /** Settles once a reload's handed-over session is resumed (or locked): render after it. */
    resumed,
    /** Locks this tab and every other of the user (the idle lock, or Lock now: `manual`). */
    lock: lockEverywhere,
    checkIdle,
    /**
     * Unlocks with a real sign-in of the same user (password, or a pasted token of theirs): a new
     * session for this tab (each tab unlocks itself: no message can hand a tab a session).
     */
    async unlock(credentials: Reauthentication) {
      const tokens: Tokens = {
        ...(await tokensFor(credentials)),
        // A new session, a new drafts key: what was typed before the lock is sealed again.
        draftKey: await rotateDraftKey(),
      }
      store.unlock(tokens)
      settle(true)
    },
    /** Signs out here and in every other tab; the service ends the session. */
    async signOut(api: ReturnType<typeof createApiClient>) {
      try {
        await logout(api)
      } catch {
        // The session ends locally whatever the service said.
      }
      const who = whose()
      store.signOut('signed-out')
      settle(false)
      post({ type: 'signed-out', ...who })
    },
    /** Gives up re-authenticating: the waiting requests fail and the user signs in afresh. */
    abandon() {
      store.signOut('expired')
      settle(false)
    },
    close() {
      clearTimeout(expiryTimer)
      channel?.close()
      if (typeof window !== 'undefined') {
        window.removeEventListener('pageshow', onShow)
        document.removeEventListener('visibilitychange', onShow)
      }
    },
  }
}

export type SessionController = ReturnType<typeof createSessionController>
