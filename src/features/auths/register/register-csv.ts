import type { RegisterExportRow } from '@/api/register'
import { csvField } from '@/lib/csv'
import { formatDisplayDateTime } from '@/lib/format/format'

/** How the register names each way an auth became known. */
export const MET_WORDS: Record<string, string> = {
  lookup: 'looked up',
  console: 'written through the console',
  event: 'named in an event',
  import: 'imported',
}

/** A clock state in words, as the register's filter and export say it. */
export const CLOCK_WORDS: Record<string, string> = {
  overdue: 'Overdue',
  soon: 'Due soon',
  'on-time': 'On time',
  'no-clock': 'No clock',
  'no-received-date': 'No clock',
  'no-rule': 'No clock',
  decided: 'Decided',
}

const HEADERS = [
  'Auth number',
  'Member',
  'Provider',
  'Status',
  'Code',
  'Urgent',
  'Assigned to',
  'Received',
  'Decision due',
  'Clock',
  'Service type',
  'Known since',
  'Known by',
]

/** The register's rows as CSV (spreadsheet-safe fields, CRLF lines). */
export function registerToCsv(rows: readonly RegisterExportRow[]): string {
  const line = (values: string[]) => values.map(csvField).join(',')
  return [
    line(HEADERS),
    ...rows.map((r) =>
      line([
        r.number ?? '',
        [r.member, r.memberSeq].filter(Boolean).join('-'),
        r.provider ?? '',
        r.status ?? '',
        r.code ?? '',
        r.urgent ? 'Yes' : 'No',
        r.assignee ?? '',
        r.received ?? '',
        r.dueMs === null ? '' : formatDisplayDateTime(new Date(r.dueMs).toISOString()),
        CLOCK_WORDS[r.clock] ?? r.clock,
        r.serviceType ?? '',
        r.metAt,
        MET_WORDS[r.metBy] ?? r.metBy,
      ]),
    ),
  ].join('\r\n')
}
