import { useDirectory } from '@/lib/directory'
import type { CSSProperties, ReactNode } from 'react'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event, EventField } from '@/api/schemas/event'
import { factsOf, isOverdue, nextReminderOf, NO_REMINDER } from '../../model/facts'
import styles from '../rows/events-cells.module.css'

export type ColumnWidth = 'xs' | 's' | 'm' | 'l' | 'xl'

/** Column widths in px; the subject (`xl`) takes whatever room is left, at least this much. */
export const COLUMN_PX: Record<ColumnWidth, number> = { xs: 56, s: 96, m: 120, l: 180, xl: 240 }

export interface EventColumn {
  field: EventField
  label: string
  width: ColumnWidth
  /** The value as text: CSV cells, tooltips of truncated cells. '' when empty. */
  text: (event: Event) => string
  /** The cell's content; defaults to `text`, or a dash when empty. */
  render?: (event: Event, completedStatus: string) => ReactNode
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : '')
/** `2026-03-14T09:30:00` -> `2026-03-14 09:30:00`: sorts as text and spreadsheets read it. */
/** A stored date as text for a file: `2026-03-14 09:30:00`. */
export const isoText = (v: string | null | undefined) => (v ? v.replace('T', ' ') : '')

/** `FOLLOW_UP` -> `Follow up`: codes made readable without knowing them in advance. */
export function humanize(code: string | null | undefined): string {
  if (!code) return ''
  const words = code.replace(/_/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const assigneeText = (e: Event) =>
  e.user_ID ?? (e.userGroup_Key != null ? `Group ${e.userGroup_Key}` : '')

const muted = (text: string) => <span className={styles.muted}>{text}</span>

/** Who an event is assigned to, by name (the directory), the ID beside it for a person. */
function AssigneeName({ event }: { event: Event }) {
  const { personName, personLabel, groupName } = useDirectory()
  // The whole name on hover: a narrow column cuts it short.
  if (event.user_ID)
    return <span title={personLabel(event.user_ID)}>{personName(event.user_ID)}</span>
  if (event.userGroup_Key != null) {
    const name = groupName(event.userGroup_Key)
    return <span title={name}>{name}</span>
  }
  return muted('Unassigned')
}

/** A person's name (the directory) for a user ID field, the ID on hover. */
function PersonName({ id }: { id: string | null | undefined }) {
  const { personName } = useDirectory()
  if (!id) return muted('—')
  const name = personName(id)
  return name === id ? id : <span title={id}>{name}</span>
}

const personColumn = (field: 'entry_User' | 'update_User', label: string): EventColumn => ({
  ...textColumn(field, label),
  render: (e) => <PersonName id={e[field]} />,
})

const dateColumn = (field: EventField, label: string): EventColumn => ({
  field,
  label,
  width: 'l',
  text: (e) => isoText(e[field] as string | null | undefined),
  render: (e) => {
    const value = e[field] as string | null | undefined
    return value ? formatDisplayDateTime(value) : muted('—')
  },
})

const textColumn = (field: EventField, label: string, width: ColumnWidth = 'm'): EventColumn => ({
  field,
  label,
  width,
  text: (e) => str(e[field]),
})

const flagColumn = (field: EventField, label: string): EventColumn => ({
  field,
  label,
  width: 's',
  text: (e) => yesNo(e[field]),
})

/** Every Event field (`eventFields`) as a column; `DEFAULT_COLUMNS` says which show at first. */
export const eventColumns: Record<EventField, EventColumn> = {
  subject: {
    field: 'subject',
    label: 'Subject',
    width: 'xl',
    text: (e) => str(e.subject),
  },
  event_Type: {
    field: 'event_Type',
    label: 'Type',
    width: 's',
    text: (e) => str(e.event_Type),
    render: (e) => (e.event_Type ? humanize(e.event_Type) : muted('—')),
  },
  priority: {
    field: 'priority',
    label: 'Priority',
    width: 's',
    text: (e) => str(e.priority),
    render: (e) =>
      e.priority ? (
        <span className={`${styles.badge} ${styles[`priority${e.priority}`] ?? ''}`}>
          {humanize(e.priority)}
        </span>
      ) : (
        muted('—')
      ),
  },
  status: {
    field: 'status',
    label: 'Status',
    width: 'm',
    text: (e) => str(e.status),
    render: (e, completedStatus) =>
      e.status ? (
        <span className={`${styles.status} ${e.status === completedStatus ? styles.done : ''}`}>
          {e.status}
        </span>
      ) : (
        muted('—')
      ),
  },
  user_ID: {
    field: 'user_ID',
    label: 'Assigned to',
    width: 'm',
    text: assigneeText,
    render: (e) => <AssigneeName event={e} />,
  },
  due_Date: {
    ...dateColumn('due_Date', 'Due'),
    // Overdue (the model's rule: open, due before now, not snoozed) in red, as in My events.
    render: (e, completedStatus) => {
      if (!e.due_Date) return muted('—')
      const text = formatDisplayDateTime(e.due_Date)
      return isOverdue(factsOf(e, completedStatus), Date.now()) ? (
        <span className={styles.late}>
          {text}
          <span className="visually-hidden"> (overdue)</span>
        </span>
      ) : (
        text
      )
    },
  },
  next_Scheduled_Date: {
    field: 'next_Scheduled_Date',
    label: 'Next reminder',
    width: 'l',
    // The export keeps the stored date; the cell says what the event page says.
    text: (e) => isoText(e.next_Scheduled_Date),
    render: (e, completedStatus) => {
      const next = nextReminderOf(e, completedStatus)
      return 'at' in next ? formatDisplayDateTime(next.at) : muted(NO_REMINDER[next.none])
    },
  },
  completion_Percent: {
    field: 'completion_Percent',
    label: 'Completion',
    width: 'm',
    text: (e) => str(e.completion_Percent),
    render: (e) => {
      const pct = e.completion_Percent
      if (pct == null) return muted('—')
      const clamped = Math.max(0, Math.min(100, pct))
      return (
        <span className={styles.progress}>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.fill} style={{ '--pct': `${clamped}%` } as CSSProperties} />
          </span>
          {pct}%
        </span>
      )
    },
  },
  event_ID: textColumn('event_ID', 'ID', 's'),
  claim_Audit_Event: flagColumn('claim_Audit_Event', 'Claim audit'),
  completion_Date: dateColumn('completion_Date', 'Completed on'),
  end_Date: dateColumn('end_Date', 'End'),
  entry_Date: dateColumn('entry_Date', 'Entered'),
  entry_User: personColumn('entry_User', 'Entered by'),
  event_Processor: textColumn('event_Processor', 'Processor', 'l'),
  meta_Data: textColumn('meta_Data', 'Metadata', 'l'),
  next_Scheduled_Time: dateColumn('next_Scheduled_Time', 'Next scheduled time'),
  process_Automation_Event: flagColumn('process_Automation_Event', 'Report automation'),
  reminder: flagColumn('reminder', 'Reminder'),
  reminder_Event_ID: textColumn('reminder_Event_ID', 'Reminder event', 's'),
  reportSeries_Key: textColumn('reportSeries_Key', 'Report series', 's'),
  start_Date: dateColumn('start_Date', 'Start'),
  update_Date: dateColumn('update_Date', 'Updated'),
  update_User: personColumn('update_User', 'Updated by'),
  userGroup_Key: textColumn('userGroup_Key', 'User group', 's'),
}

/** The column of a field; a field without its own definition shows as plain text. */
export const columnOf = (field: EventField): EventColumn =>
  eventColumns[field] ?? textColumn(field, field)

/** The cell content of a column for an event. */
export function renderCell(column: EventColumn, event: Event, completedStatus: string): ReactNode {
  if (column.render) return column.render(event, completedStatus)
  const text = column.text(event)
  return text === '' ? muted('—') : text
}
