import type { AuditEntry, SessionOperation } from '@/api/audit'
import { csvField } from '@/lib/csv'

/** A value of a change as one line of text: strings as they are, the rest as JSON. */
export const changeValue = (value: unknown) =>
  value === null || value === undefined
    ? '(empty)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** Each changed field as `field: before → after`. */
export const changeLines = (entry: AuditEntry) =>
  Object.entries(entry.changes ?? {}).map(
    ([field, { before, after }]) => `${field}: ${changeValue(before)} → ${changeValue(after)}`,
  )

/** The service's session operations, in words: [when it was done, when it was refused]. */
const SESSION_WORDS: Record<SessionOperation, [string, string]> = {
  'POST /user-authentication': ['Signed in', 'Sign-in refused'],
  'POST /user-refresh-tokens': ['Renewed session', 'Renewal refused'],
  'POST /logout': ['Signed out', 'Sign-out refused'],
  'POST /kick': ['Ended a session', 'Ending a session refused'],
  'POST /kick/{userId}': ['Ended a session', 'Ending a session refused'],
}

/** What the entry did, in words: signed in or out, viewed, changed. */
export function actionWords(entry: AuditEntry): string {
  const session = (SESSION_WORDS as Record<string, [string, string] | undefined>)[entry.operation]
  if (session) return entry.status !== null && entry.status < 400 ? session[0] : session[1]
  return entry.action === 'read' ? 'Viewed' : 'Changed'
}

/**
 * Who the entry names as the user a request claimed to be, unchecked (a refused sign-in's
 * username, a refused token's subject), or null.
 */
export const claimedUser = (entry: AuditEntry) =>
  entry.detail?.unverifiedUser === true && typeof entry.detail.claimedUserId === 'string'
    ? entry.detail.claimedUserId
    : null

const COLUMNS: [string, (e: AuditEntry) => string][] = [
  ['Entry', (e) => String(e.id)],
  ['When (UTC)', (e) => e.at],
  ['User ID', (e) => e.userId ?? ''],
  ['User name', (e) => e.userName ?? ''],
  ['Action', actionWords],
  ['Operation', (e) => e.operation],
  ['Record type', (e) => e.recordType ?? ''],
  ['Record ID', (e) => e.recordId ?? ''],
  ['Changes', (e) => changeLines(e).join('\n')],
  ['Status', (e) => (e.status === null ? '' : String(e.status))],
  ['Activity ID', (e) => e.activityId ?? ''],
  ['Claimed user (not verified)', (e) => claimedUser(e) ?? ''],
]

/**
 * The entries as CSV, a header line first, CRLF line ends; every value by `csvField`, so a
 * name or a changed value a spreadsheet would run as a formula stays text.
 */
export function auditToCsv(entries: readonly AuditEntry[]): string {
  const lines = [
    COLUMNS.map(([label]) => csvField(label)).join(','),
    ...entries.map((e) => COLUMNS.map(([, text]) => csvField(text(e))).join(',')),
  ]
  return `${lines.join('\r\n')}\r\n`
}
