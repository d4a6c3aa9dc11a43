import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import { Problem } from '../http'

/*
 * Versions of stored records. Every write stamps `update_Date` with the sandbox's clock to the
 * millisecond, always later than the stamp it replaces, so two saves within one second (or one
 * millisecond) are told apart. A write of a stored record must carry the `update_Date` it was
 * made from, exactly as the service gave it: without one it is refused with 428, with any other
 * text (older, later, the same instant written another way) with 409, so no edit is lost and no
 * client can skip the check. The check and the write run in one transaction.
 */

/** `now` as an update stamp (`2026-03-14T09:30:00.123`), later than `previous` if given. */
export function stampText(now: Date, previous?: unknown): string {
  const before = typeof previous === 'string' ? parseServiceDate(previous) : null
  const at = before && before.getTime() >= now.getTime() ? new Date(before.getTime() + 1) : now
  return `${formatServiceDate(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`
}

/**
 * Refuses a write of `what` (stored as `stored`) unless `given`, the body's `update_Date`, is
 * exactly the stored version: 428 when it is absent or null, 409 naming the current one otherwise.
 */
export function requireCurrentVersion(
  what: string,
  stored: Record<string, unknown>,
  given: unknown,
) {
  if (given === undefined || given === null)
    throw new Problem(
      428,
      `${what} is changed only from the version it was read at: send the update_Date it was read with.`,
      {
        title: 'Precondition Required',
        errors: {
          update_Date: 'Required: the update_Date of the version this change was made from',
        },
      },
    )
  if (given !== stored.update_Date) throw staleWrite(what, stored, given)
}

/** The 409 for a write made from another version than the stored one, naming the stored one. */
function staleWrite(what: string, stored: Record<string, unknown>, given: unknown) {
  const when = String(stored.update_Date)
  const who = typeof stored.update_User === 'string' ? ` by ${stored.update_User}` : ''
  return new Problem(
    409,
    `${what} was saved at ${when}${who}; this request was made from another version (${String(given)}). Load it again and reapply the change.`,
    { title: 'Edit conflict', members: { currentUpdateDate: when } },
  )
}
