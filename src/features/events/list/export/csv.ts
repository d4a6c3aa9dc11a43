import type { Event } from '@/api/schemas/event'
import type { StaticOption } from '@/api/schemas/static-option'
import { csvField } from '@/lib/csv'
import { humanize, isoText, type EventColumn } from '../columns/events-columns'
import { nextReminderOf, NO_REMINDER } from '../../model/facts'

/**
 * A header line of the column labels, then one line per event; CRLF line ends. Each value by
 * `csvField`: what a spreadsheet would run as a formula stays text.
 */
export function eventsToCsv(columns: readonly EventColumn[], events: readonly Event[]): string {
  const lines = [
    columns.map((c) => csvField(c.label)).join(','),
    ...events.map((e) => columns.map((c) => csvField(c.text(e))).join(',')),
  ]
  return `${lines.join('\r\n')}\r\n`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `events-2026-03-14-page-2.csv`: the local date, and the page when it is not the first. */
export function csvFileName(date: Date, page: number): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `events-${day}${page > 1 ? `-page-${page}` : ''}.csv`
}

/** What an export needs to say what the list says: the lookups and the directory. */
export interface ExportContext {
  priorities: readonly StaticOption[]
  completedStatus: string
  personName: (userId: string) => string
  groupName: (groupKey: number) => string
}

/**
 * The columns of an export, saying what the list shows through the same model: a coded field
 * gives its code and, beside it, its label (priority from the service's list, type made
 * readable), so a spreadsheet can filter on either; the assignee gives the user and the group
 * apart, each by ID and by name (the directory); the next reminder is the model's (`Off`,
 * `Completed`, `Not set` where the list says so), never a stored date that will not ring.
 */
export function exportColumns(
  columns: readonly EventColumn[],
  context: ExportContext,
): EventColumn[] {
  const { priorities, completedStatus, personName, groupName } = context
  const out: EventColumn[] = []
  // Every line says which event it is, whatever columns are shown.
  const id = columns.find((c) => c.field === 'event_ID')
  out.push(id ?? { field: 'event_ID', label: 'ID', width: 's', text: (e) => String(e.event_ID) })
  for (const c of columns) {
    if (c.field === 'event_ID') continue
    if (c.field === 'priority') {
      out.push({ ...c, label: 'Priority code', text: (e) => e.priority ?? '' })
      out.push({
        ...c,
        label: 'Priority',
        text: (e) =>
          e.priority
            ? (priorities.find((p) => String(p.option_Key) === e.priority)?.display ??
              humanize(e.priority))
            : '',
      })
    } else if (c.field === 'event_Type') {
      out.push({ ...c, label: 'Type code', text: (e) => e.event_Type ?? '' })
      out.push({ ...c, label: 'Type', text: (e) => humanize(e.event_Type) })
    } else if (c.field === 'user_ID') {
      out.push({ ...c, label: 'Assigned user', text: (e) => e.user_ID ?? '' })
      out.push({
        ...c,
        label: 'Assigned user name',
        text: (e) => (e.user_ID ? personName(e.user_ID) : ''),
      })
      out.push({
        ...c,
        label: 'User group',
        text: (e) => (e.userGroup_Key == null ? '' : String(e.userGroup_Key)),
      })
      out.push({
        ...c,
        label: 'User group name',
        text: (e) => (e.userGroup_Key == null ? '' : groupName(e.userGroup_Key)),
      })
    } else if (c.field === 'next_Scheduled_Date') {
      out.push({
        ...c,
        text: (e) => {
          const next = nextReminderOf(e, completedStatus)
          return 'at' in next ? isoText(next.at) : NO_REMINDER[next.none]
        },
      })
    } else out.push(c)
  }
  return out
}
