import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { paths } from '@/lib/paths'
import styles from './event-not-found.module.css'

/** What an event page shows for an ID that is not a number, or that the service does not know. */
export function EventNotFound({ eventId }: { eventId: string | undefined }) {
  const valid = eventId !== undefined && /^\d+$/.test(eventId)
  return (
    <div className={styles.page}>
      <PageHeader
        title="Event not found"
        description={
          valid
            ? `There is no event ${eventId} in this database. It may have been deleted.`
            : `“${eventId ?? ''}” is not an event ID. Event IDs are whole numbers, such as 1042.`
        }
      />
      <p className={styles.text}>Check the link, or find the event from one of these pages.</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.events.mine()} variant="primary">
          My events
        </ButtonLink>
        <ButtonLink to={paths.events.list()}>All events</ButtonLink>
      </div>
    </div>
  )
}
