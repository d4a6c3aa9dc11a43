// The session lifecycle against the real sandbox service, through its fetch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '@/api/client'
import { getLookup } from '@/api/lookups'
import { signIn } from '@/api/session'
import {
  SANDBOX_BASE as base,
  startInProcessSandbox,
  type InProcessSandbox,
} from '@/test/sandbox-client'
import { createSessionController } from './session-controller'
import { createSessionStore } from './session-store'

let service: InProcessSandbox
let refreshCalls = 0
/** Runs when the service has answered a refresh, before the tab reads the answer. */
let afterRefresh: (() => void) | undefined
const sandboxFetch: typeof fetch = async (input, init) => {
  const response = await service.fetch(input, init)
  if (String(input instanceof Request ? input.url : input).endsWith('/user-refresh-tokens'))
    afterRefresh?.()
  return response
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(() => {
  service = startInProcessSandbox('session-controller', {
    events: 20,
    tokenTtl: 2,
    intercept: (request) => {
      if (new URL(request.url).pathname.endsWith('/user-refresh-tokens')) refreshCalls++
    },
  })
})
afterAll(() => service.close())

async function signedInStore(channelName: string, options: { keepRefresh: boolean }) {
  const result = await signIn(
    { ...base, username: 'staff', password: 'Sandbox!2026' },
    { fetch: sandboxFetch },
  )
  const tokens = result.authenticationResult
  if (!tokens) throw new Error('no tokens')
  const store = createSessionStore()
  store.signIn({
    ...base,
    token: tokens.idToken,
    refreshToken: options.keepRefresh ? (tokens.refreshToken ?? undefined) : undefined,
  })
  const controller = createSessionController(store, {
    fetch: sandboxFetch,
    channelName,
    renewAhead: false,
  })
  const api = createApiClient(() => store.connection(), {
    fetch: sandboxFetch,
    onUnauthorized: () => controller.handleUnauthorized(),
  })
  return { store, controller, api }
}

describe('session controller', () => {
  it('answers many concurrent 401s with one refresh, then retries them all', async () => {
    const { store, controller, api } = await signedInStore('test-a', { keepRefresh: true })
    const before = store.get()?.token
    await wait(2100) // the 2-second token has expired; the session has not
    refreshCalls = 0
    const answers = await Promise.all(Array.from({ length: 6 }, () => getLookup(api, 'priorities')))
    expect(answers.every((list) => list.length > 0)).toBe(true)
    expect(refreshCalls).toBe(1)
    expect(store.get()?.token).not.toBe(before)
    controller.close()
  })

  it('the page and the index worker refreshing at once share one refresh, both go on', async () => {
    const { store, controller } = await signedInStore('test-a2', { keepRefresh: true })
    const before = store.get()?.token
    await wait(2100)
    refreshCalls = 0
    // The page's 401 and the worker's quiet 401 arrive together (a switch of database, say).
    const [quiet, loud] = await Promise.all([
      controller.handleUnauthorizedQuietly(),
      controller.handleUnauthorized(),
    ])
    expect([quiet, loud]).toEqual([true, true])
    expect(refreshCalls).toBe(1)
    expect(store.get()?.token).not.toBe(before)
    controller.close()
  })

  it('a refresh answered after the lock does not undo it', async () => {
    const { store, controller } = await signedInStore('test-a3', { keepRefresh: true })
    await wait(2100)
    // The lock comes after the service renewed the session, before the tab reads its answer.
    afterRefresh = () => controller.lock()
    try {
      await controller.handleUnauthorized()
    } finally {
      afterRefresh = undefined
    }
    // The lock answered the waiting request at once; the refresh's own answer comes after.
    await wait(200)
    expect(store.status().locked).toBe(true)
    expect(store.get()).toMatchObject({ token: '', refreshToken: undefined })
    controller.close()
  })

  it('without a refresh token asks for the password once; the answer releases every request', async () => {
    const { store, controller, api } = await signedInStore('test-b', { keepRefresh: false })
    await wait(2100)
    const waiting = Promise.all([getLookup(api, 'priorities'), getLookup(api, 'snoozes')])
    await wait(50)
    expect(store.status().reauth).toEqual({ reason: 'expired' })
    await expect(controller.reauthenticate({ password: 'wrong' })).rejects.toMatchObject({
      status: 401,
    })
    expect(store.status().reauth).not.toBeNull()
    await controller.reauthenticate({ password: 'Sandbox!2026' })
    const [priorities, snoozes] = await waiting
    expect(priorities.length).toBeGreaterThan(0)
    expect(snoozes.length).toBeGreaterThan(0)
    expect(store.status().reauth).toBeNull()
    controller.close()
  })

  it('abandoning re-authentication fails the waiting requests and ends the session', async () => {
    const { store, controller, api } = await signedInStore('test-c', { keepRefresh: false })
    await wait(2100)
    const waiting = getLookup(api, 'priorities').catch((e: unknown) => e)
    await wait(50)
    controller.abandon()
    expect(await waiting).toMatchObject({ status: 401 })
    expect(store.get()).toBeNull()
    expect(store.endReason()).toBe('expired')
    controller.close()
  })

  it('renews a token ahead of its expiry by itself', async () => {
    const result = await signIn(
      { ...base, username: 'support', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    const tokens = result.authenticationResult
    const store = createSessionStore()
    store.signIn({
      ...base,
      token: tokens?.idToken ?? '',
      refreshToken: tokens?.refreshToken ?? undefined,
    })
    const controller = createSessionController(store, {
      fetch: sandboxFetch,
      channelName: 'test-e',
    })
    const first = store.get()?.token
    await wait(1900) // a quarter of the 2-second life ahead of expiry
    expect(store.get()?.token).not.toBe(first)
    controller.close()
  })

  it("hands nothing over the tabs' channel: a page asking gets no secret, a forged one signs no one in", async () => {
    const first = await signedInStore('test-d', { keepRefresh: true })
    const heard: unknown[] = []
    const hostile = new BroadcastChannel('test-d')
    hostile.onmessage = (event: MessageEvent) => heard.push(event.data)
    hostile.postMessage({ type: 'request-session' })
    const secondStore = createSessionStore()
    const second = createSessionController(secondStore, {
      fetch: sandboxFetch,
      channelName: 'test-d',
    })
    // A forged session, and forged tokens and an unlock for the signed-in tab's user.
    const forged = { ...base, token: 'forged', claims: { sub: 'staff' } }
    hostile.postMessage({ type: 'session', session: forged })
    hostile.postMessage({ type: 'tokens', token: 'forged', user: 'staff', db: 'demo' })
    hostile.postMessage({ type: 'unlock', token: 'forged', user: 'staff', db: 'demo' })
    await wait(50)
    expect(heard).toEqual([])
    expect(secondStore.get()).toBeNull()
    expect(first.store.get()?.token).not.toBe('forged')

    // Sign-out in one tab signs out the tabs of the same user, each ending its own session.
    const own = await signIn(
      { ...base, username: 'staff', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    const secondToken = own.authenticationResult!.idToken
    secondStore.signIn({ ...base, token: secondToken })
    await first.controller.signOut(first.api)
    await wait(50)
    expect(secondStore.get()).toBeNull()
    const secondApi = createApiClient(() => ({ ...base, token: secondToken }), {
      fetch: sandboxFetch,
    })
    await expect(getLookup(secondApi, 'priorities', { database: 'demo' })).rejects.toMatchObject({
      status: 401,
    })
    // What the hostile page heard: who signed out, and nothing else.
    expect(JSON.stringify(heard)).not.toMatch(/eyJ|refresh|token/i)
    hostile.close()
    first.controller.close()
    second.close()
  })
})

describe('session controller, with the service clock a day behind this machine', () => {
  it('does not renew in a loop a token that looks expired as soon as it arrives', async () => {
    let refreshes = 0
    const behind = startInProcessSandbox('session-skew', {
      events: 5,
      today: new Date(Date.now() - 24 * 3_600_000),
      intercept: (request) => {
        if (new URL(request.url).pathname.endsWith('/user-refresh-tokens')) refreshes++
      },
    })
    try {
      const result = await signIn(
        { ...base, username: 'staff', password: 'Sandbox!2026' },
        { fetch: behind.fetch },
      )
      const tokens = result.authenticationResult
      const store = createSessionStore()
      store.signIn({
        ...base,
        token: tokens?.idToken ?? '',
        refreshToken: tokens?.refreshToken ?? undefined,
      })
      const controller = createSessionController(store, {
        fetch: behind.fetch,
        channelName: 'test-skew',
      })
      await wait(1500)
      expect(refreshes).toBe(0)
      expect(store.get()?.token).toBe(tokens?.idToken)
      controller.close()
    } finally {
      behind.close()
    }
  })
})

describe('the idle lock', () => {
  it('drops the tokens, ends the session on the service, and unlocks only for the same user', async () => {
    const { store, controller } = await signedInStore('test-lock', { keepRefresh: true })
    const other = createSessionStore()
    const otherController = createSessionController(other, {
      fetch: sandboxFetch,
      channelName: 'test-lock',
      renewAhead: false,
    })
    // The other tab has a session of its own (tabs do not share one).
    const otherSignIn = await signIn(
      { ...base, username: 'staff', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    const otherToken = otherSignIn.authenticationResult!.idToken
    other.signIn({ ...base, token: otherToken })
    const old = store.get()!.token

    controller.lock()
    expect(store.status().locked).toBe(true)
    expect(store.get()).toMatchObject({ token: '', refreshToken: undefined })
    expect(store.get()?.claims?.sub).toBe('staff')
    expect(store.connection().token).toBe('')
    await wait(50)
    // The other tab locked with it.
    expect(other.status().locked).toBe(true)
    expect(other.get()?.token).toBe('')
    // The dropped tokens no longer work: both sessions ended on the service.
    for (const token of [old, otherToken]) {
      const oldApi = createApiClient(() => ({ ...base, token }), { fetch: sandboxFetch })
      await expect(getLookup(oldApi, 'priorities', { database: 'demo' })).rejects.toMatchObject({
        status: 401,
      })
    }

    // Someone else's token does not unlock it.
    const support = await signIn(
      { ...base, username: 'support', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    await expect(
      controller.unlock({ token: support.authenticationResult!.idToken }),
    ).rejects.toThrow(/not staff's/)
    expect(store.status().locked).toBe(true)

    await controller.unlock({ password: 'Sandbox!2026' })
    expect(store.status().locked).toBe(false)
    await wait(50)
    // Each tab unlocks itself: no message hands the other a session.
    expect(other.status().locked).toBe(true)
    expect(other.get()?.token).toBe('')
    const api = createApiClient(() => store.connection(), { fetch: sandboxFetch })
    expect((await getLookup(api, 'priorities', { database: 'demo' })).length).toBeGreaterThan(0)
    controller.close()
    otherController.close()
  })

  it('stays locked for its user when another user signs in and unlocks in another tab', async () => {
    const staff = await signedInStore('test-lock-users', { keepRefresh: true })
    staff.controller.lock()
    expect(staff.store.status().locked).toBe(true)

    // Another tab of the browser: support signs in there, locks and unlocks.
    const support = await signIn(
      { ...base, username: 'support', password: 'Sandbox!2026' },
      { fetch: sandboxFetch },
    )
    const otherStore = createSessionStore()
    const other = createSessionController(otherStore, {
      fetch: sandboxFetch,
      channelName: 'test-lock-users',
      renewAhead: false,
    })
    otherStore.signIn({
      ...base,
      token: support.authenticationResult!.idToken,
      refreshToken: support.authenticationResult!.refreshToken ?? undefined,
    })
    other.lock()
    await other.unlock({ password: 'Sandbox!2026' })
    await wait(50)
    expect(otherStore.status().locked).toBe(false)
    // The staff tab heard the unlock and ignored it: still locked, still staff's, no token.
    expect(staff.store.status().locked).toBe(true)
    expect(staff.store.get()?.claims?.sub).toBe('staff')
    expect(staff.store.connection().token).toBe('')

    // Support signing out does not end staff's session either.
    const otherApi = createApiClient(() => otherStore.connection(), { fetch: sandboxFetch })
    await other.signOut(otherApi)
    await wait(50)
    expect(staff.store.get()?.claims?.sub).toBe('staff')

    // Staff comes back: unlocked, as staff.
    await staff.controller.unlock({ password: 'Sandbox!2026' })
    expect(staff.store.status().locked).toBe(false)
    expect(staff.store.get()?.claims?.sub).toBe('staff')
    staff.controller.close()
    other.close()
  })

  it('sends nothing while locked: a request without a token is refused before it leaves', async () => {
    let sent = 0
    const counting: typeof fetch = (input, init) => {
      sent++
      return sandboxFetch(input, init)
    }
    const { store, controller } = await signedInStore('test-lock-nothing', { keepRefresh: true })
    controller.lock()
    const api = createApiClient(() => store.connection(), { fetch: counting })
    await expect(getLookup(api, 'priorities', { database: 'demo' })).rejects.toMatchObject({
      kind: 'no-session',
    })
    expect(sent).toBe(0)
    controller.close()
  })
})
