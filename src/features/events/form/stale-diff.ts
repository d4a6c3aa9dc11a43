import { normalizeServiceDate, parseServiceDate } from '@/api/dates'
import { eventFields, type Event, type NewEvent } from '@/api/schemas/event'

/** One field someone else changed on the service since the form was loaded. */
export interface StaleChange {
  field: string
  /** The value on the service now. */
  server: unknown
  /** The value this form would save. */
  yours: unknown
}

/** Bookkeeping the service changes on every write; not something the user edits. */
const IGNORED = new Set(['update_Date', 'update_User', 'entry_Date', 'entry_User'])

/** Whether the event on the service was updated after the version the form was loaded with. */
export function isNewerOnService(loaded: Event, server: Event): boolean {
  const before = parseServiceDate(loaded.update_Date)
  const now = parseServiceDate(server.update_Date)
  if (!now) return false
  return !before || now.getTime() > before.getTime()
}

const DATE_FIELD = /_Date$|_Time$/

function sameValue(field: string, a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === ''
  if (empty(a) && empty(b)) return true
  if (DATE_FIELD.test(field) && typeof a === 'string' && typeof b === 'string') {
    const [da, db] = [normalizeServiceDate(a), normalizeServiceDate(b)]
    if (da && db) return da === db
  }
  if (typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

/**
 * The fields whose value on the service differs from the loaded version, with the value on the
 * service now and the value the form would save. Documented fields come in their documented
 * order, then unknown ones by name.
 */
export function staleChanges(loaded: Event, server: Event, yours: Event | NewEvent): StaleChange[] {
  const documented = new Set<string>(eventFields)
  const others = [...new Set([...Object.keys(loaded), ...Object.keys(server)])]
    .filter((f) => !documented.has(f))
    .sort()
  const changes: StaleChange[] = []
  for (const field of [...eventFields, ...others]) {
    if (IGNORED.has(field)) continue
    const before = (loaded as Record<string, unknown>)[field]
    const now = (server as Record<string, unknown>)[field]
    if (!sameValue(field, before, now))
      changes.push({ field, server: now, yours: (yours as Record<string, unknown>)[field] })
  }
  return changes
}
