import { useId } from 'react'
import { parseServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import { ButtonLink } from '@/components/ui/button-link'
import { MarkCompleteButton } from '../actions/mark-complete-button'
import { SnoozeMenu } from '../actions/snooze-menu'
import { eventTitle } from '../model/title'
import { paths } from '@/lib/paths'
import { formatRelative } from '@/lib/relative-date'
import styles from './reminders-panel.module.css'

interface ReminderItemProps {
  event: Event
  now: Date
  /** Called when the user opens the event (the panel closes). */
  onOpen: () => void
}

/** One due reminder: what, since when, and Snooze / Open / Mark complete. */
export function ReminderItem({ event, now, onOpen }: ReminderItemProps) {
  const subjectId = useId()
  const since = parseServiceDate(event.next_Scheduled_Date)
  return (
    <li className={styles.item}>
      <p id={subjectId} className={styles.subject}>
        {eventTitle(event)}
      </p>
      <p className={styles.meta}>
        Reminder since {formatDisplayDateTime(event.next_Scheduled_Date)}
        {since && ` (${formatRelative(since, now)})`}
      </p>
      <div className={styles.actions}>
        <SnoozeMenu event={event} />
        <ButtonLink
          to={paths.events.detail(event.event_ID)}
          size="small"
          aria-describedby={subjectId}
          onClick={onOpen}
        >
          Open
        </ButtonLink>
        <MarkCompleteButton event={event} />
      </div>
    </li>
  )
}
