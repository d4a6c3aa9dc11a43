import { compareServiceDates, normalizeServiceDate } from '@/api/dates'

/**
 * Saving against the version a form loaded, the same way for every record the console edits
 * (events, auths): a record whose `update_Date` on the service is later than the loaded one's
 * (or a save the service refuses with 409) is a conflict, shown field by field with three
 * choices: keep my changes on top of theirs, take theirs and keep mine as a draft, or review.
 */

/** A record as the service stamps it on every write. */
export interface Versioned {
  update_Date?: string | null | undefined
  update_User?: string | null | undefined
}

type Fields = Readonly<Record<string, unknown>>

/** Bookkeeping the service writes on every save: never something the user edited. */
const STAMPS = new Set(['update_Date', 'update_User', 'entry_Date', 'entry_User'])

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

/**
 * Whether two values of a field mean the same: null, absent and empty text alike; a date written
 * another way ("…T09:30:00" and "…T09:30:00.000") alike; objects by content.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true
  if (typeof a === 'string' && typeof b === 'string' && ISO_DATE.test(a) && ISO_DATE.test(b)) {
    const [da, db] = [normalizeServiceDate(a), normalizeServiceDate(b)]
    if (da && db) return da === db
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

/** Whether the record on the service was saved after the version the form loaded. */
export function isNewerOnService(loaded: Versioned, latest: Versioned): boolean {
  if (!latest.update_Date) return false
  return !loaded.update_Date || compareServiceDates(latest.update_Date, loaded.update_Date) > 0
}

/** The fields of `next` that differ from `base` (stamps aside): what the user changed. */
export function changedFields(base: Fields, next: Fields): Record<string, unknown> {
  const edits: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(next))
    if (!STAMPS.has(field) && !sameValue(base[field], value)) edits[field] = value
  return edits
}

/**
 * What "keep my changes on top of theirs" saves: the newer record, with the fields the user
 * changed since loading `base` set to the user's values. Fields the user did not touch keep
 * the newer values, unknown fields included.
 */
export function mineOnTheirs<T extends object>(base: T, latest: T, mine: T): T {
  return { ...latest, ...changedFields(base as Fields, mine as Fields) }
}

/** One field someone else changed since the form loaded its record. */
export interface ConflictChange {
  field: string
  /** The value they saved. */
  theirs: unknown
  /** The value "keep my changes on top of theirs" would write. */
  yours: unknown
  /** Whether that replaces their value with a different one. */
  overwrites: boolean
}

/**
 * Every field whose value on the service (`latest`) differs from the loaded `base`, with what
 * saving `merged` would write there. Fields in `order` come first in that order, then others
 * (unknown to the console) by name.
 */
export function conflictChanges<T extends object>(
  base: T,
  latest: T,
  merged: T,
  order: readonly string[] = [],
): ConflictChange[] {
  const [b, l, m] = [base as Fields, latest as Fields, merged as Fields]
  const known = new Set(order)
  const others = [...new Set([...Object.keys(b), ...Object.keys(l)])]
    .filter((f) => !known.has(f))
    .sort()
  const changes: ConflictChange[] = []
  for (const field of [...order, ...others]) {
    if (STAMPS.has(field) || sameValue(b[field], l[field])) continue
    changes.push({
      field,
      theirs: l[field],
      yours: m[field],
      overwrites: !sameValue(l[field], m[field]),
    })
  }
  return changes
}

/**
 * Form values with the user's edits on top of the newer record's: every input the user changed
 * (from `baseValues`) keeps what they typed, every other input takes the newer value.
 */
export function valuesOnTheirs<T extends Record<string, unknown>>(
  baseValues: T,
  latestValues: T,
  currentValues: T,
): T {
  const next: Record<string, unknown> = { ...latestValues }
  for (const field of Object.keys(currentValues))
    if (!sameValue(baseValues[field], currentValues[field])) next[field] = currentValues[field]
  return next as T
}
