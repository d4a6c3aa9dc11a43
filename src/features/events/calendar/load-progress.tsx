import { byLocale } from '@/lib/format/format'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import styles from './load-progress.module.css'
import { Problem } from '@/components/ui/problem'

const count = byLocale((l) => new Intl.NumberFormat(l))

interface LoadProgressProps {
  /** Events of the database read so far (null when the database is not indexed). */
  loaded: number | null
  /** The view's events are still to come. */
  loading: boolean
  /** The view is complete; the rest of the database is still being read (for search). */
  indexing: boolean
  error: unknown
  onRetry: () => void
  /** Events drawn in the current view after the filters. */
  shown: number
  /** Events that pass the filters but have no date to be placed by. */
  unplaced: number
  /** What those lack: "a date", "a next reminder". */
  lacking: string
}

/**
 * How far loading has come ("Loaded 3,000 events…"), what the view shows, and a retry when a page
 * failed. The calendar stays usable the whole time: this only reports.
 */
export function LoadProgress(props: LoadProgressProps) {
  const { loaded, loading, indexing, error, onRetry, shown, unplaced, lacking } = props
  const failed = error !== null && error !== undefined
  const state = failed ? 'failed' : loading ? 'loading' : indexing ? 'indexing' : 'done'
  return (
    <div className={styles.progress} data-state={state}>
      <p className={styles.status} role="status">
        {loading && !failed && <span className={styles.spinner} aria-hidden="true" />}
        {state === 'loading' && 'Loading the events of this view…'}
        {state === 'indexing' &&
          `Every event of this view is shown; ${count().format(loaded ?? 0)} of the database read for search…`}
        {state === 'done' &&
          (loaded === null
            ? 'Every event of this view is shown'
            : `All ${count().format(loaded)} events loaded`)}
        {state === 'failed' && 'The events of this view could not be loaded.'}
      </p>
      <p className={styles.summary}>
        {count().format(shown)} {shown === 1 ? 'event' : 'events'} in view
        {unplaced > 0 && ` · ${count().format(unplaced)} more match but have no ${lacking}`}
      </p>
      {failed && (
        <Problem
          compact
          cause="load"
          title={describeError(error).message}
          actions={
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      )}
      {loading && !failed && <span className={styles.bar} aria-hidden="true" />}
    </div>
  )
}
