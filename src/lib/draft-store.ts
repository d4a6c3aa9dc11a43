/*
 * Where form drafts live (sessionStorage, this tab only) and what the session does with them,
 * without React or react-hook-form: the session store and controller use it on the sign-in
 * page's budget. The hook that keeps a form's draft is `form-draft.ts`.
 *
 * A draft is member data, so it is never stored readable: each is encrypted (AES-GCM) with the
 * drafts key of the user who typed it. The key exists only while that user is signed in and
 * unlocked, beside the tokens (the session record); the lock and sign-out drop it, and unlocking
 * derives it again from the password (PBKDF2, salted with the console's origin and the user), so
 * a locked or signed-out tab's storage holds nothing anyone can read without the password. A
 * session opened with a pasted token has a random key instead: its drafts do not outlive the lock.
 */
export const DRAFT_PREFIX = 'bac.draft.'
const OWNER_KEY = 'bac.drafts-owner'
const PBKDF2_ITERATIONS = 310_000

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
 * The drafts key in force (raw, base64, as the session record keeps it), or null when locked or
 * signed out: drafts are then neither read nor written.
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

/** A drafts key derived from the user's password: the same in every tab, after every unlock. */
export async function draftKeyFromPassword(userId: string, password: string): Promise<string> {
  const encoder = new TextEncoder()
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const origin = typeof location === 'undefined' ? '' : location.origin
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(`bac.drafts|${origin}|${userId}`),
      iterations: PBKDF2_ITERATIONS,
    },
    material,
    256,
  )
  return toBase64(new Uint8Array(bits))
}

/** A random drafts key, for a session opened with a pasted token (no password to derive from). */
export function randomDraftKey(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(32)))
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
