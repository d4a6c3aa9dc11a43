import type { Auth } from '@/api/schemas/auth'

/** Stamped by the service on every save: they always differ and say nothing about content. */
const STAMPS = new Set(['update_Date', 'update_User'])

const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) ||
  (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))

const record = (auth: Auth) => auth as Record<string, unknown>

/** The fields of `next` that differ from `base`: what the user changed. */
export function changedFields(
  base: Auth,
  next: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const edits: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(next))
    if (!STAMPS.has(field) && !same(record(base)[field], value)) edits[field] = value
  return edits
}

export interface StaleChange {
  field: string
  /** The value someone else saved. */
  theirs: unknown
  /** The value saving now would write. */
  yours: unknown
  /** Whether saving now replaces their value with a different one. */
  overwrites: boolean
}

/**
 * What changed on the service since the form loaded `base`: every field whose `latest` value
 * differs, with the value `mine` (what saving now would send) holds for it.
 */
export function staleChanges(base: Auth, latest: Auth, mine: Auth): StaleChange[] {
  const fields = new Set([...Object.keys(base), ...Object.keys(latest)])
  const changes: StaleChange[] = []
  for (const field of fields) {
    if (STAMPS.has(field)) continue
    const theirs = record(latest)[field]
    if (same(record(base)[field], theirs)) continue
    const yours = record(mine)[field]
    changes.push({ field, theirs, yours, overwrites: !same(theirs, yours) })
  }
  return changes
}

/**
 * The Auth to save over a newer version: theirs, with the user's own edits on top (the fields
 * they changed since loading `base`). Fields the user did not touch keep the newer values.
 */
export function overwriteWithMine(base: Auth, latest: Auth, mine: Auth): Auth {
  return { ...latest, ...changedFields(base, mine) }
}

/**
 * The form's values after reloading: every input takes the newer value where someone else changed
 * the field, and keeps what the user typed everywhere else.
 */
export function rebaseValues<T extends Record<string, unknown>>(
  baseValues: T,
  latestValues: T,
  currentValues: T,
): T {
  const next: Record<string, unknown> = { ...currentValues }
  for (const field of Object.keys(latestValues))
    if (!same(baseValues[field], latestValues[field])) next[field] = latestValues[field]
  return next as T
}
