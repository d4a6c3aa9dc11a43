import { Button } from '@/components/ui/button'
import { formatCount, readableDates } from '@/lib/format/format'
import type { BatchOutcome, BatchReport } from './batch-results'
import styles from './batch-results-panel.module.css'
import { eventTitle } from '../../model/title'

interface BatchResultsPanelProps {
  report: BatchReport
  onDismiss: () => void
}

/** Failed events are listed up to this many (the rest counted); updated ones likewise. */
const LISTED = 100

const label = (o: { eventId: number; subject: string | null }) =>
  `${eventTitle({ event_ID: o.eventId, subject: o.subject })} (#${o.eventId})`

const more = (shown: number, all: number) =>
  all > shown ? <li className={styles.more}>and {formatCount(all - shown)} more</li> : null

/**
 * Which events of the last bulk change changed, which did not and why, which were not sent
 * (stopped); with "Retry the failed ones" and a way to send the rest.
 */
export function BatchResultsPanel({ report, onDismiss }: BatchResultsPanelProps) {
  const failed: BatchOutcome[] = []
  const succeeded: BatchOutcome[] = []
  const unconfirmed: BatchOutcome[] = []
  for (const o of report.outcomes) (o.ok ? succeeded : o.unconfirmed ? unconfirmed : failed).push(o)
  const notSent = report.notSent ?? []
  const total = report.outcomes.length + notSent.length
  const { rerun } = report
  return (
    <section
      className={`${styles.panel} ${failed.length || notSent.length || unconfirmed.length ? styles.partial : styles.ok}`}
      aria-labelledby="batch-results-title"
    >
      <div className={styles.head}>
        <h2 id="batch-results-title" className={styles.title}>
          {report.title}: {formatCount(succeeded.length)} of {formatCount(total)} updated
          {failed.length > 0 && `, ${formatCount(failed.length)} failed`}
          {unconfirmed.length > 0 && `, ${formatCount(unconfirmed.length)} not confirmed`}
          {notSent.length > 0 && `, ${formatCount(notSent.length)} not sent`}
        </h2>
        <div className={styles.actions}>
          {rerun && failed.length > 0 && (
            <Button size="small" onClick={() => rerun(failed.map((o) => o.eventId))}>
              Retry the failed ones
            </Button>
          )}
          {rerun && notSent.length > 0 && (
            <Button size="small" onClick={() => rerun(notSent)}>
              Send the {formatCount(notSent.length)} not sent
            </Button>
          )}
          <Button size="small" variant="ghost" onClick={onDismiss}>
            Dismiss results
          </Button>
        </div>
      </div>
      {notSent.length > 0 && (
        <p className={styles.hint}>
          Stopped before {formatCount(notSent.length)}{' '}
          {notSent.length === 1 ? 'event was' : 'events were'} sent; they are still selected.
        </p>
      )}
      {unconfirmed.length > 0 && (
        <>
          <p className={styles.hint}>
            The service’s answer was lost for {formatCount(unconfirmed.length)}{' '}
            {unconfirmed.length === 1 ? 'event' : 'events'}, and{' '}
            {unconfirmed.length === 1 ? 'it' : 'they'} could not be read back:{' '}
            {unconfirmed.length === 1 ? 'it' : 'they'} may be changed. Open them to check; Undo
            covers them. They are not sent again blindly.
          </p>
          <ul className={styles.list} aria-label="Events not confirmed">
            {unconfirmed.slice(0, LISTED).map((o) => (
              <li key={o.eventId} className={styles.failed}>
                <strong>{label(o)}</strong>
                <span>{readableDates(o.message)}</span>
              </li>
            ))}
            {more(LISTED, unconfirmed.length)}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <p className={styles.hint}>
            The events that failed are still selected: fix the cause and retry them.
          </p>
          <ul className={styles.list} aria-label="Failed events">
            {failed.slice(0, LISTED).map((o) => (
              <li key={o.eventId} className={styles.failed}>
                <strong>{label(o)}</strong>
                <span>
                  {o.status ? `${o.status}: ` : ''}
                  {readableDates(o.message)}
                </span>
              </li>
            ))}
            {more(LISTED, failed.length)}
          </ul>
        </>
      )}
      {succeeded.length > 0 && (
        <details className={styles.details}>
          <summary>
            {formatCount(succeeded.length)} updated {succeeded.length === 1 ? 'event' : 'events'}
          </summary>
          <ul className={styles.list} aria-label="Updated events">
            {succeeded.slice(0, LISTED).map((o) => (
              <li key={o.eventId}>
                {label(o)}: {readableDates(o.message)}
              </li>
            ))}
            {more(LISTED, succeeded.length)}
          </ul>
        </details>
      )}
    </section>
  )
}
