import { Button } from '@/components/ui/button'
import { formatCount } from '@/lib/format/format'
import type { BatchReport } from './batch-results'
import styles from './batch-results-panel.module.css'
import { eventTitle } from '../../model/title'

interface BatchResultsPanelProps {
  report: BatchReport
  onDismiss: () => void
}

const label = (o: { eventId: number; subject: string | null }) =>
  `${eventTitle({ event_ID: o.eventId, subject: o.subject })} (#${o.eventId})`

/** Which events of the last batch changed, which did not and why. */
export function BatchResultsPanel({ report, onDismiss }: BatchResultsPanelProps) {
  const failed = report.outcomes.filter((o) => !o.ok)
  const succeeded = report.outcomes.filter((o) => o.ok)
  const total = report.outcomes.length
  return (
    <section
      className={`${styles.panel} ${failed.length ? styles.partial : styles.ok}`}
      aria-labelledby="batch-results-title"
    >
      <div className={styles.head}>
        <h2 id="batch-results-title" className={styles.title}>
          {report.title}: {formatCount(succeeded.length)} of {formatCount(total)} updated
          {failed.length > 0 && `, ${formatCount(failed.length)} failed`}
        </h2>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          Dismiss results
        </Button>
      </div>
      {failed.length > 0 && (
        <>
          <p className={styles.hint}>
            The events that failed are still selected: fix the cause and apply the action again.
          </p>
          <ul className={styles.list} aria-label="Failed events">
            {failed.map((o) => (
              <li key={o.eventId} className={styles.failed}>
                <strong>{label(o)}</strong>
                <span>
                  {o.status ? `${o.status}: ` : ''}
                  {o.message}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {succeeded.length > 0 && (
        <details className={styles.details}>
          <summary>
            {formatCount(succeeded.length)} updated {succeeded.length === 1 ? 'event' : 'events'}
          </summary>
          <ul className={styles.list} aria-label="Updated events">
            {succeeded.map((o) => (
              <li key={o.eventId}>
                {label(o)}: {o.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
