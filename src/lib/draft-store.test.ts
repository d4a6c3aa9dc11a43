// @vitest-environment jsdom
// Drafts are sealed at rest: storage never holds what was typed, nor the key that opens it; each
// session has a random key of its own.
import { afterEach, describe, expect, it } from 'vitest'
import {
  DRAFT_PREFIX,
  randomDraftKey,
  readDraft,
  removeDraft,
  rotateDraftKey,
  setDraftKey,
  writeDraft,
} from './draft-store'

const typed = {
  savedAt: 1,
  values: { subject: 'Call Ms Alvarez about her MRI', notes: 'DOB 1961' },
}

afterEach(() => {
  sessionStorage.clear()
  setDraftKey(null)
})

describe('draft store', () => {
  it('stores a draft encrypted, the key nowhere in storage; without a key nothing is read', async () => {
    const key = randomDraftKey()
    setDraftKey(key)
    await writeDraft('demo.event.new', typed)
    const stored = JSON.stringify({ ...sessionStorage, ...localStorage })
    expect(stored).toContain(`${DRAFT_PREFIX}demo.event.new`)
    expect(stored).not.toContain('Alvarez')
    expect(stored).not.toContain('1961')
    expect(stored).not.toContain(key)

    setDraftKey(null)
    expect(await readDraft('demo.event.new')).toBeNull()
    await writeDraft('demo.event.other', typed)
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.event.other`)).toBeNull()

    setDraftKey(key)
    expect(await readDraft('demo.event.new')).toEqual(typed)
  })

  it('keys differ from session to session: one never opens the drafts of another', async () => {
    const first = randomDraftKey()
    expect(randomDraftKey()).not.toBe(first)
    setDraftKey(first)
    await writeDraft('demo.auth.25-000024', typed)
    setDraftKey(randomDraftKey())
    expect(await readDraft('demo.auth.25-000024')).toBeNull()
    // One it cannot open goes.
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.auth.25-000024`)).toBeNull()
  })

  it('an unlock seals the drafts again under a new key: the old key opens nothing', async () => {
    const old = randomDraftKey()
    setDraftKey(old)
    await writeDraft('demo.event.new', typed)
    const sealedBefore = sessionStorage.getItem(`${DRAFT_PREFIX}demo.event.new`)
    const next = await rotateDraftKey()
    expect(next).not.toBe(old)
    expect(await readDraft('demo.event.new')).toEqual(typed)
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.event.new`)).not.toBe(sealedBefore)
    setDraftKey(old)
    expect(await readDraft('demo.event.new')).toBeNull()
  })

  it('refuses a draft written into storage in the clear', async () => {
    setDraftKey(randomDraftKey())
    sessionStorage.setItem(`${DRAFT_PREFIX}demo.event.new`, JSON.stringify(typed))
    expect(await readDraft('demo.event.new')).toBeNull()
  })

  it('a draft removed while it is being sealed stays removed', async () => {
    setDraftKey(randomDraftKey())
    const writing = writeDraft('demo.event.9', typed)
    removeDraft('demo.event.9')
    await writing
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.event.9`)).toBeNull()
  })
})
