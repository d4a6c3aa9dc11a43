import type { AuditEntry } from '@/api/audit'
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

/** What the entry did, in words: viewed or changed, or the search of the record itself. */
export const actionWords = (entry: AuditEntry) => (entry.action === 'read' ? 'Viewed' : 'Changed')

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
