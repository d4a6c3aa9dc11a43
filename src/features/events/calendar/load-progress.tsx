import { byLocale } from '@/lib/format/format'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { useIndexState } from '../index/use-event-index'
import styles from './load-progress.module.css'
import { Problem } from '@/components/ui/problem'

const count = byLocale((l) => new Intl.NumberFormat(l))

interface LoadProgressProps {
  /** The view's events are still to come. */
  loading: boolean
  /** The view is complete; the rest of the database is still being read (for search). */
  indexing: boolean
  error: unknown
  onRetry: () => void
  /** Events placed in the current view after the filters. */
  shown: number
  /** Events that pass the filters but have no date to be placed by. */
  unplaced: number
  /** What those lack: "a date", "a next reminder". */
  lacking: string
}

/**
 * How far loading has come ("Loaded 3,000 events…"), what the view shows, and a retry when a page
 * failed; for a database too large to index, that each view is read from the service. The
 * calendar stays usable the whole time: this only reports. Only this line follows the index's
 * progress reports; the page re-renders on its phase alone.
 */
export function LoadProgress(props: LoadProgressProps) {
  const { loading, indexing, error, onRetry, shown, unplaced, lacking } = props
  const index = useIndexState()
  const failed = error !== null && error !== undefined
  const state = failed ? 'failed' : loading ? 'loading' : indexing ? 'indexing' : 'done'
  const tooLarge = index.phase === 'too-large'
  return (
    <div className={styles.progress} data-state={state}>
      <p className={styles.status} role="status">
        {loading && !failed && <span className={styles.spinner} aria-hidden="true" />}
        {state === 'loading' && 'Loading the events of this view…'}
        {state === 'indexing' &&
          `Every event of this view is shown; ${count().format(index.loaded)} of the database read for search…`}
        {state === 'done' &&
          (index.phase === 'ready'
            ? `All ${count().format(index.size)} events loaded`
            : 'Every event of this view is shown')}
        {state === 'failed' && 'The events of this view could not be loaded.'}
      </p>
      <p className={styles.summary}>
        {count().format(shown)} {shown === 1 ? 'event' : 'events'} in view
        {unplaced > 0 && ` · ${count().format(unplaced)} more match but have no ${lacking}`}
      </p>
      {tooLarge && (
        <p className={styles.note} role="note">
          This database holds more than {count().format(index.limit)} events, more than the console
          keeps in the browser: each view’s events are read from the service as you go there (a
          little slower), and the counts are those of the view. The list shows the service’s pages;
          search looks among the events changed most recently.
        </p>
      )}
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
