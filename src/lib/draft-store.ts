/*
 * Where form drafts live (sessionStorage, this tab only) and what the session does with them,
 * without React or react-hook-form: the session store and controller use it on the sign-in
 * page's budget. The hook that keeps a form's draft is `form-draft.ts`.
 *
 * A draft is member data, so it is never stored readable: each is encrypted (AES-GCM) with the
 * drafts key of the session that typed it. The key is random, made at sign-in, and lives in this
 * tab's memory only, never in storage: a copy of the tab's storage (or of a crashed browser's
 * profile) holds sealed drafts and nothing that opens them, and nothing to test a password on.
 * The lock keeps the key in memory, so what was typed is offered again after unlocking; the
 * unlock seals the drafts again under a new key (`rotateDraftKey`), so each session has its own.
 * Sign-out forgets the key and deletes the drafts. A reload hands the key to the next page of the
 * same tab only (`session-store.ts`, at `pagehide`).
 */
export const DRAFT_PREFIX = 'bac.draft.'
const OWNER_KEY = 'bac.drafts-owner'

/** What each mounted form would store now; run by `flushDrafts` (the idle lock). */
export const flushers = new Set<() => void>()

/** Stores every mounted form's unsaved input at once, before the lock unmounts the forms. */
export function flushDrafts() {
  for (const flush of flushers) flush()
}

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)

function draftNames(): string[] {
  try {
    return Object.keys(sessionStorage).filter((key) => key.startsWith(DRAFT_PREFIX))
  } catch {
    return []
  }
}

/** Removes every draft of this tab (sign-out, another user, a key that cannot open them). */
export function removeAllDrafts() {
  for (const key of draftNames()) storage()?.removeItem(key)
}

/**
 * Drafts belong to the user who typed them: when `userId` signs in and the drafts in this tab
 * are someone else's, they are removed unseen.
 */
export function claimDrafts(userId: string) {
  try {
    if (sessionStorage.getItem(OWNER_KEY) !== userId) removeAllDrafts()
    sessionStorage.setItem(OWNER_KEY, userId)
  } catch {
    // storage unavailable: there are no drafts either
  }
}

// ---- the key ----

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

let current: { raw: string; key: Promise<CryptoKey | null> } | null = null

/**
 * The drafts key in force (raw, base64, held in memory by the session store), or null when signed
 * out: drafts are then neither read nor written.
 */
export function setDraftKey(raw: string | null | undefined) {
  if (!raw) {
    current = null
    return
  }
  if (current?.raw === raw) return
  current = {
    raw,
    key: crypto.subtle
      .importKey('raw', fromBase64(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
      .catch(() => null),
  }
}

/** A new drafts key: random, 256 bits, base64 (made at every sign-in and unlock). */
export function randomDraftKey(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(32)))
}

/**
 * Seals every draft of this tab again under a new key, and returns it: an unlock starts a new
 * session with a key of its own. Drafts the key in force cannot open are removed.
 */
export async function rotateDraftKey(): Promise<string> {
  const names = draftNames().map((key) => key.slice(DRAFT_PREFIX.length))
  const opened = await Promise.all(
    names.map(async (name) => [name, await readDraft(name)] as const),
  )
  const next = randomDraftKey()
  setDraftKey(next)
  for (const [name, value] of opened)
    if (value === null) removeDraft(name)
    else await writeDraft(name, value)
  return next
}

// ---- reading and writing ----

interface Sealed {
  v: 1
  iv: string
  data: string
}

/**
 * Encrypts and stores a draft with the key in force now (taken at the call, so a lock that
 * follows at once does not lose it). Without a key nothing is stored.
 */
export async function writeDraft(name: string, value: unknown): Promise<void> {
  const generation = generations.get(name) ?? 0
  const key = await current?.key
  if (!key) return
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = new TextEncoder().encode(JSON.stringify(value))
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain))
  const sealed: Sealed = { v: 1, iv: toBase64(iv), data: toBase64(data) }
  // Removed while this was being sealed (saved, discarded): it stays removed.
  if ((generations.get(name) ?? 0) !== generation) return
  try {
    storage()?.setItem(DRAFT_PREFIX + name, JSON.stringify(sealed))
  } catch {
    // quota or privacy mode: the draft is a safety net, the form still works
  }
}

/**
 * Reads a draft, or null: none stored, no key, or one the key cannot open (another user's, from
 * before a password change, or not sealed by the console at all), which is removed.
 */
export async function readDraft(name: string): Promise<unknown> {
  const text = storage()?.getItem(DRAFT_PREFIX + name)
  const key = await current?.key
  if (!text || !key) return null
  try {
    const sealed = JSON.parse(text) as Sealed
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      key,
      fromBase64(sealed.data),
    )
    return JSON.parse(new TextDecoder().decode(plain)) as unknown
  } catch {
    removeDraft(name)
    return null
  }
}

/** Removals per draft, so that a write already under way does not bring one back. */
const generations = new Map<string, number>()

/** Removes one stored draft (after a save, or when it is discarded). */
export function removeDraft(name: string) {
  generations.set(name, (generations.get(name) ?? 0) + 1)
  try {
    storage()?.removeItem(DRAFT_PREFIX + name)
  } catch {
    // storage unavailable: nothing stored either
  }
}
