import { describe, expect, it } from 'vitest'
import { tokenWith } from '@/test/tokens'
import { createSessionStore } from './session-store'

const connection = { baseUrl: '/api', apiKey: 'k', database: 'demo' }

describe('the session store: when the user signed in', () => {
  it("takes the token's auth_time, which refreshed tokens carry too", () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token: tokenWith({ iat: 2000, auth_time: 1000 }) })
    expect(store.view()?.signedInAt).toBe(1_000_000)
    store.replaceTokens({ token: tokenWith({ iat: 5000, auth_time: 1000 }) })
    expect(store.view()?.signedInAt).toBe(1_000_000)
  })

  it("without auth_time, the iat of the sign-in's token, not of a renewal", () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token: tokenWith({ iat: 2000 }) })
    expect(store.view()?.signedInAt).toBe(2_000_000)
    store.replaceTokens({ token: tokenWith({ iat: 5000 }) })
    expect(store.view()?.signedInAt).toBe(2_000_000)
    // Unlocking is a new sign-in.
    store.lock()
    store.unlock({ token: tokenWith({ iat: 9000 }) })
    expect(store.view()?.signedInAt).toBe(9_000_000)
  })

  it('is unknown for a token that says nothing of it', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token: 'opaque-token' })
    expect(store.view()?.signedInAt).toBeUndefined()
  })
})
