import { byLocale } from '@/lib/format/format'
import { Button } from '@/components/ui/button'
import { useIndexClient } from '../../index/event-index-provider'
import { useIndexState } from '../../index/use-event-index'
import styles from './filter-bar.module.css'
import { Problem } from '@/components/ui/problem'

const fmt = byLocale((l) => new Intl.NumberFormat(l))

/** How many events match, or how far the index has got and why filters wait. */
export function IndexStatus({
  total,
  filtered,
  failed = false,
}: {
  total: number | null
  /** The count shown is the previous one while a new answer comes. */
  filtered: boolean
  /** The question failed (its reason shows in place of the rows): nothing is being counted. */
  failed?: boolean
}) {
  const client = useIndexClient()
  // Only this line follows the progress reports; the page re-renders on the phase alone.
  const state = useIndexState()
  if (state.phase === 'ready')
    return (
      <p className={styles.total} role="status" aria-busy={filtered || undefined}>
        {failed ? (
          'Not counted: the question failed (below).'
        ) : total === null ? (
          'Counting…'
        ) : (
          <>
            <strong>{fmt().format(total)}</strong> of {fmt().format(state.size)}{' '}
            {state.size === 1 ? 'event' : 'events'}
          </>
        )}
      </p>
    )
  if (state.phase === 'too-large')
    return (
      <p className={styles.total} role="status">
        Filters, search and counts are not available for this database: it holds more than{' '}
        {fmt().format(state.limit)} events, more than this console keeps in the browser. The list
        shows every event a page at a time, in the service’s order.
      </p>
    )
  if (state.phase === 'error')
    return (
      <Problem
        compact
        cause="load"
        title="Filters and search are not available"
        actions={
          <Button size="small" onClick={() => client?.retry()}>
            Try again
          </Button>
        }
      >
        The events could not all be read ({state.error}).
      </Problem>
    )
  return (
    <p className={styles.total}>
      <span role="status">Reading every event for filters and search…</span>{' '}
      <span className={styles.progress}>{fmt().format(state.loaded)} read so far.</span> Until then
      the list shows every event a page at a time.
    </p>
  )
}
