// @vitest-environment jsdom
// What a tab keeps in storage: who and where, never a secret; a reload's handoff is consumed at
// once, and nothing of it is honoured late or for someone else.
import { afterEach, describe, expect, it } from 'vitest'
import { randomDraftKey } from '@/lib/draft-store'
import { tokenWith } from '@/test/tokens'
import { createSessionStore } from './session-store'

const connection = { baseUrl: '/api', apiKey: 'k', database: 'demo' }
const token = tokenWith({ iat: 2000 })
const draftKey = randomDraftKey()

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

const everything = () => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })

describe('what a tab keeps in storage', () => {
  it('holds no token, refresh token or drafts key while signed in', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret', draftKey })
    const stored = everything()
    expect(sessionStorage.getItem('bac.session')).toContain('"database":"demo"')
    expect(stored).not.toContain(token)
    expect(stored).not.toContain('refresh-secret')
    expect(stored).not.toContain(draftKey)
    store.lock()
    expect(everything()).not.toContain('refresh-secret')
    expect(everything()).not.toContain(draftKey)
  })

  it('hands the refresh token to the next page at pagehide, which takes it out of storage', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret', draftKey })
    window.dispatchEvent(new Event('pagehide'))
    expect(sessionStorage.getItem('bac.handoff')).toContain('refresh-secret')
    const next = createSessionStore()
    expect(sessionStorage.getItem('bac.handoff')).toBeNull()
    expect(next.status()).toMatchObject({ resuming: true, locked: false })
    expect(next.get()).toMatchObject({ token: '', refreshToken: 'refresh-secret' })
    expect(everything()).not.toContain('refresh-secret')
    expect(everything()).not.toContain(draftKey)
  })

  it('a page without a handoff (a crash, a restored tab) opens locked', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret' })
    const restored = createSessionStore()
    expect(restored.status()).toMatchObject({ resuming: false, locked: true })
    expect(restored.get()?.refreshToken).toBeUndefined()
  })

  it('ignores a handoff that is stale, or for another user or database', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret' })
    for (const handoff of [
      { user: 'staff', db: 'demo', at: Date.now() - 120_000, refreshToken: 'old' },
      { user: 'admin', db: 'demo', at: Date.now(), refreshToken: 'theirs' },
      { user: 'staff', db: 'training', at: Date.now(), refreshToken: 'other-db' },
    ]) {
      sessionStorage.setItem('bac.handoff', JSON.stringify(handoff))
      const next = createSessionStore()
      expect(next.status().locked).toBe(true)
      expect(next.get()?.refreshToken).toBeUndefined()
      expect(sessionStorage.getItem('bac.handoff')).toBeNull()
    }
  })

  it('a token written into the stored record by hand is not taken', () => {
    sessionStorage.setItem(
      'bac.session',
      JSON.stringify({ ...connection, token, refreshToken: 'planted', claims: { sub: 'staff' } }),
    )
    const store = createSessionStore()
    expect(store.status().locked).toBe(true)
    expect(store.connection().token).toBe('')
  })

  it('a page back from the back-forward cache whose session another page took over locks', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret', draftKey })
    window.dispatchEvent(new Event('pagehide'))
    // Another page of the tab takes the handoff (and swaps the refresh token)...
    createSessionStore()
    // ...then Back restores the first page, memory and all.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(store.status()).toMatchObject({ locked: true, lockReason: 'reopened' })
    expect(store.connection().token).toBe('')
  })

  it('a page back from the cache with its own handoff left takes it back and goes on', () => {
    const store = createSessionStore()
    store.signIn({ ...connection, token, refreshToken: 'refresh-secret', draftKey })
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(store.status().locked).toBe(false)
    expect(sessionStorage.getItem('bac.handoff')).toBeNull()
  })
})
