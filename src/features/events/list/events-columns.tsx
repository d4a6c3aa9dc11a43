import type { ReactNode } from 'react'
import { formatDisplayDateTime } from '@/api/dates'
import type { Event, EventField } from '@/api/schemas/event'
import styles from './events-list-page.module.css'

export interface EventColumn {
  field: EventField
  label: string
  render: (event: Event) => ReactNode
}

const date = (value: string | null | undefined) =>
  value ? formatDisplayDateTime(value) : <span className={styles.muted}>—</span>

export const eventColumns: EventColumn[] = [
  { field: 'subject', label: 'Subject', render: (e) => e.subject ?? <em>No subject</em> },
  { field: 'event_Type', label: 'Type', render: (e) => e.event_Type ?? '—' },
  {
    field: 'priority',
    label: 'Priority',
    render: (e) =>
      e.priority ? (
        <span className={`${styles.badge} ${styles[`priority${e.priority}`] ?? ''}`}>
          {e.priority}
        </span>
      ) : (
        '—'
      ),
  },
  { field: 'status', label: 'Status', render: (e) => e.status ?? '—' },
  {
    field: 'user_ID',
    label: 'Assigned to',
    render: (e) =>
      e.user_ID ??
      (e.userGroup_Key != null ? (
        `Group ${e.userGroup_Key}`
      ) : (
        <span className={styles.muted}>Unassigned</span>
      )),
  },
  { field: 'due_Date', label: 'Due', render: (e) => date(e.due_Date) },
  {
    field: 'next_Scheduled_Date',
    label: 'Next reminder',
    render: (e) => date(e.next_Scheduled_Date),
  },
  { field: 'completion_Date', label: 'Completed', render: (e) => date(e.completion_Date) },
]
