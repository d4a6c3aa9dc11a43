import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import { Problem } from '../http'

/*
 * Versions of stored records. Every write stamps `update_Date` with the sandbox's clock to the
 * millisecond, always later than the stamp it replaces, so two saves within one second (or one
 * millisecond) are told apart. A write that carries an `update_Date` older than the stored one
 * was made from a stale copy and is refused with 409 (no lost updates); the check and the write
 * run in one transaction.
 */

/** `now` as an update stamp (`2026-03-14T09:30:00.123`), later than `previous` if given. */
export function stampText(now: Date, previous?: unknown): string {
  const before = typeof previous === 'string' ? parseServiceDate(previous) : null
  const at = before && before.getTime() >= now.getTime() ? new Date(before.getTime() + 1) : now
  return `${formatServiceDate(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`
}

/** Whether the body's `update_Date` names a version older than the stored one. */
export function isStale(given: unknown, stored: unknown): boolean {
  if (typeof given !== 'string' || typeof stored !== 'string') return false
  const [g, s] = [parseServiceDate(given), parseServiceDate(stored)]
  return g !== null && s !== null && g.getTime() < s.getTime()
}

/** The 409 for a write made from a stale copy, naming the stored version. */
export function staleWrite(what: string, stored: Record<string, unknown>, given: unknown) {
  const when = String(stored.update_Date)
  const who = typeof stored.update_User === 'string' ? ` by ${stored.update_User}` : ''
  return new Problem(
    409,
    `${what} was saved at ${when}${who}, after the version this request was made from (${String(given)}). Load it again and reapply the change.`,
    { title: 'Edit conflict', members: { currentUpdateDate: when } },
  )
}
