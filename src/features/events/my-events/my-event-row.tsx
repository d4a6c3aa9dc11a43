import { memo } from 'react'
import { Link } from 'react-router'
import { parseServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { LazyRowActionsMenu } from '../actions/lazy-row-actions-menu'
import { humanizeCode } from '../event-fields'
import { paths } from '@/lib/paths'
import { PriorityBadge } from '../priority-badge'
import { formatRelative } from '@/lib/relative-date'
import { TRIAGE_FOCUS, triageRow } from '../triage/use-triage-keys'
import styles from './my-events.module.css'

interface MyEventRowProps {
  event: Event
  priorities: readonly StringOption[]
  now: Date
  overdue: boolean
}

/**
 * One event of a queue: what, when (relative too), and its actions menu. Memoized: a change to
 * one event (a snooze) re-renders its row, not the hundred others.
 */
export const MyEventRow = memo(function MyEventRow({
  event,
  priorities,
  now,
  overdue,
}: MyEventRowProps) {
  const dueField = event.due_Date ? 'Due' : 'Reminder'
  const when = event.due_Date ?? event.next_Scheduled_Date
  const date = parseServiceDate(when)
  const reminderDue =
    event.reminder &&
    (parseServiceDate(event.next_Scheduled_Date)?.getTime() ?? Infinity) <= now.getTime()
  return (
    <li className={styles.row} {...triageRow(event.event_ID)}>
      <div className={styles.main}>
        <div className={styles.line}>
          <PriorityBadge priority={event.priority} priorities={priorities} />
          <Link
            to={paths.events.detail(event.event_ID)}
            className={styles.subject}
            {...TRIAGE_FOCUS}
          >
            {event.subject?.trim() || `Event ${event.event_ID}`}
          </Link>
        </div>
        <p className={styles.meta}>
          {date ? (
            <span className={overdue ? styles.late : undefined}>
              {dueField} {formatDisplayDateTime(when)} ({formatRelative(date, now)})
            </span>
          ) : (
            <span>No due date</span>
          )}
          {event.event_Type && <span>{humanizeCode(event.event_Type)}</span>}
          {event.status && <span>{event.status}</span>}
          {reminderDue && <span className={styles.bell}>Reminder due</span>}
        </p>
      </div>
      <div className={styles.actions}>
        <LazyRowActionsMenu event={event} />
      </div>
    </li>
  )
})
