import { Link } from 'react-router'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { useEventsMentioning } from '../index/use-auth-mentions'
import { isCompleted } from '../model/facts'
import { eventTitle } from '../model/title'
import { followUpState } from '../form/follow-up'
import styles from './events-about-auth.module.css'
import { useDirectory } from '@/lib/directory'

interface EventsAboutAuthProps {
  authNumber: string
  /** Who a follow-up is assigned to: the auth's assignee. */
  assignee: string | null
  /** When the auth's decision is due: a follow-up's due time. */
  decisionDue: Date | null
}

/**
 * On an auth's page: the events whose text names the auth (from the event index), and a
 * follow-up event prefilled with the auth number, its assignee and its decision due time.
 */
export function EventsAboutAuth({ authNumber, assignee, decisionDue }: EventsAboutAuthProps) {
  const { completedStatus } = useRuntimeConfig()
  const { assigneeName } = useDirectory()
  const { phase, loaded, events, total, answered, failed, retry } = useEventsMentioning(authNumber)
  const followUp = followUpState({
    subject: `Follow up on auth ${authNumber}`,
    user_ID: assignee,
    due_Date: decisionDue ? formatServiceDate(decisionDue) : null,
  })
  return (
    <section className={styles.section} aria-labelledby="auth-events-heading">
      <div className={styles.head}>
        <h2 id="auth-events-heading" className={styles.title}>
          Events about this auth
        </h2>
        <ButtonLink size="small" to={paths.events.create()} state={followUp}>
          Create follow-up event
        </ButtonLink>
      </div>
      {phase === 'loading' && (
        <p className={styles.muted} role="status">
          Reading events… ({loaded.toLocaleString()} read)
        </p>
      )}
      {phase === 'too-large' && (
        <p className={styles.muted}>
          This database has too many events to read into the console, so the events that name this
          auth cannot be listed.
        </p>
      )}
      {phase === 'error' && (
        <p className={styles.muted}>The events could not be read, so none can be listed here.</p>
      )}
      {phase !== 'error' && failed && (
        <p className={styles.muted} role="status">
          The events could not be read, so none can be listed here.{' '}
          <Button size="small" onClick={retry}>
            Try again
          </Button>
        </p>
      )}
      {phase === 'ready' && answered && events.length === 0 && (
        <p className={styles.muted}>No event names this auth.</p>
      )}
      {events.length > 0 && (
        <ul className={styles.list}>
          {events.map((event) => {
            const done = isCompleted(event, completedStatus)
            return (
              <li key={event.event_ID} className={done ? styles.done : undefined}>
                <Link to={paths.events.detail(event.event_ID)}>{eventTitle(event)}</Link>
                <span className={styles.muted}>
                  {[
                    done ? 'completed' : event.status,
                    event.due_Date && `due ${formatDisplayDateTime(event.due_Date)}`,
                    assigneeName(event),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            )
          })}
        </ul>
      )}
      {total > events.length && (
        <p className={styles.muted}>
          {total} events name this auth; the {events.length} due soonest are shown.
        </p>
      )}
    </section>
  )
}
