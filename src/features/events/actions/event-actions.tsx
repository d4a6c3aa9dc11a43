import type { Event } from '@/api/schemas/event'
import { ButtonLink } from '@/components/ui/button-link'
import { useCurrentUser, useRuntimeConfig, userMayDeleteEvent } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { isCompleted } from '../model/facts'
import { DeleteEventButton } from './delete-event-button'
import { MarkCompleteButton } from './mark-complete-button'
import { RescheduleButton } from './reschedule-button'
import { SnoozeMenu } from './snooze-menu'
import styles from './event-actions.module.css'

interface EventActionsProps {
  event: Event
  /** Whether the event has a schedule to reschedule by (the service refuses otherwise). */
  canReschedule?: boolean
  /** Called after a delete, e.g. to leave the event's page. */
  onDeleted?: () => void
  size?: 'small' | 'medium'
}

/**
 * Everything that can be done to one event: snooze, reschedule, mark complete, edit, delete.
 * Delete only where the service allows it (whoever entered the event, or an admin). Shared by the
 * detail page and the calendar's side panel.
 */
export function EventActions({
  event,
  canReschedule = true,
  onDeleted,
  size = 'medium',
}: EventActionsProps) {
  const { completedStatus } = useRuntimeConfig()
  const user = useCurrentUser()
  const done = isCompleted(event, completedStatus)
  return (
    <div className={styles.actions} role="toolbar" aria-label="Event actions">
      {!done && <MarkCompleteButton event={event} size={size} variant="primary" />}
      {!done && <SnoozeMenu event={event} size={size} />}
      {!done && canReschedule && <RescheduleButton event={event} size={size} />}
      <ButtonLink to={paths.events.edit(event.event_ID)} size={size}>
        Edit
      </ButtonLink>
      {userMayDeleteEvent(user, event) && (
        <DeleteEventButton event={event} onDeleted={onDeleted} size={size} />
      )}
    </div>
  )
}
