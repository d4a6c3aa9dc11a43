/**
 * The list's free text, kept in this page's memory and named in a history entry only by an opaque
 * reference: the text may name a member, and a history entry's state is written to disk by the
 * browser (session restore) like the address. Back and Forward find the text again while the page
 * lives; a reload or a restored tab starts with an empty box. Forgotten with the signed-in console
 * (`forgetSearches`: the lock, sign-out, another database).
 */
const texts = new Map<string, string>()
let next = 0

/** The history state for a search text: an opaque reference to it, or null for none. */
export function searchState(text: string): { qRef: string } | null {
  if (!text) return null
  const qRef = `s${++next}`
  texts.set(qRef, text)
  return { qRef }
}

/** The text a history entry's state refers to, or '' when it names none this page holds. */
export function searchOf(state: unknown): string {
  const ref = (state as { qRef?: unknown } | null)?.qRef
  return typeof ref === 'string' ? (texts.get(ref) ?? '') : ''
}

export function forgetSearches() {
  texts.clear()
}
