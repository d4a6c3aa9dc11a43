// @vitest-environment jsdom
// Drafts are sealed at rest: storage never holds what was typed, and only the key of the user
// who typed a draft (derived from their password) opens it.
import { afterEach, describe, expect, it } from 'vitest'
import {
  DRAFT_PREFIX,
  draftKeyFromPassword,
  randomDraftKey,
  readDraft,
  removeDraft,
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
  it('stores a draft encrypted, and reads it back with the same password after a lock', async () => {
    setDraftKey(await draftKeyFromPassword('staff', 'Sandbox!2026'))
    await writeDraft('demo.event.new', typed)
    const stored = JSON.stringify({ ...sessionStorage })
    expect(stored).toContain(`${DRAFT_PREFIX}demo.event.new`)
    expect(stored).not.toContain('Alvarez')
    expect(stored).not.toContain('1961')

    // Locked: no key, nothing read and nothing written.
    setDraftKey(null)
    expect(await readDraft('demo.event.new')).toBeNull()
    await writeDraft('demo.event.other', typed)
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.event.other`)).toBeNull()

    // Unlocked with the same password: the same key, the same draft.
    setDraftKey(await draftKeyFromPassword('staff', 'Sandbox!2026'))
    expect(await readDraft('demo.event.new')).toEqual(typed)
  })

  it("never opens another user's draft, nor one sealed with another password; it goes", async () => {
    setDraftKey(await draftKeyFromPassword('staff', 'Sandbox!2026'))
    await writeDraft('demo.auth.25-000024', typed)
    setDraftKey(await draftKeyFromPassword('support', 'Sandbox!2026'))
    expect(await readDraft('demo.auth.25-000024')).toBeNull()
    expect(sessionStorage.getItem(`${DRAFT_PREFIX}demo.auth.25-000024`)).toBeNull()

    setDraftKey(await draftKeyFromPassword('staff', 'Sandbox!2026'))
    await writeDraft('demo.event.1', typed)
    setDraftKey(randomDraftKey())
    expect(await readDraft('demo.event.1')).toBeNull()
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
