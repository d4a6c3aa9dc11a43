import { memo } from 'react'
import { Link } from 'react-router'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { StringOption } from '@/api/schemas/static-option'
import { LazyRowActionsMenu } from '../actions/lazy-row-actions-menu'
import { humanizeCode } from '../event-fields'
import { paths } from '@/lib/paths'
import { PriorityBadge } from '../priority-badge'
import { formatRelative } from '@/lib/relative-date'
import { isReminderDue } from '../model/facts'
import { eventTitle } from '../model/title'
import { TRIAGE_FOCUS, triageRow } from '../triage/use-triage-keys'
import type { QueueItem } from './group-events'
import styles from './my-events.module.css'
import { useDirectory } from '@/lib/directory'

interface MyEventRowProps {
  item: QueueItem
  priorities: readonly StringOption[]
  now: Date
  overdue: boolean
  showGroup?: boolean
}

/**
 * One event of a queue: what, when (relative too), and its actions menu. Memoized: a change to
 * one event (a snooze) re-renders its row, not the hundred others.
 */
export const MyEventRow = memo(function MyEventRow({
  item,
  priorities,
  now,
  overdue,
  showGroup = false,
}: MyEventRowProps) {
  const { groupName } = useDirectory()
  const { event, facts, when } = item
  const label =
    item.snoozedUntil !== null ? 'Snoozed until' : facts.due !== null ? 'Due' : 'Reminder'
  const date = when === null ? null : new Date(when)
  const reminderDue = isReminderDue(facts, now)
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
            {eventTitle(event)}
          </Link>
        </div>
        <p className={styles.meta}>
          {date ? (
            <span className={overdue ? styles.late : undefined}>
              {label} {formatDisplayDateTime(formatServiceDate(date))} ({formatRelative(date, now)})
            </span>
          ) : (
            <span>No due date</span>
          )}
          {showGroup && event.userGroup_Key != null && (
            <span>{groupName(event.userGroup_Key)}</span>
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
