import { Button } from '@/components/ui/button'
import { formatCount } from '@/lib/format/format'
import type { BulkRunning } from './bulk-store'
import styles from './bulk-bar.module.css'
import { IdleBulkBar } from './idle-bulk-bar'

export type BulkDialogKind = 'assign' | 'priority' | 'status' | 'snooze' | 'reschedule'

export interface SelectionSummary {
  count: number
  onPage: number
  allOnPage: boolean
  allMatching: boolean
}

interface BulkBarProps {
  selection: SelectionSummary
  /** How many events match the list's filters (the index's count); null while unknown. */
  total: number | null
  /** The bulk change under way, if any: its progress and Stop take the bar. */
  running: BulkRunning | null
  onSelectMatching: () => void
  onOpen: (kind: BulkDialogKind) => void
  onComplete: () => void
  onClear: () => void
}

/**
 * The actions for the selected events, which may be on any page. Its count is announced by the
 * page's status line. With the whole page ticked and more matching, it offers every match of
 * the filter ("Select all 5,132 matching"). While a change runs it shows its progress and Stop.
 * With nothing ticked it keeps its place (one fixed height) and says how to select, so ticking a
 * row never moves the table under the pointer.
 */
export function BulkBar({
  selection,
  total,
  running,
  onSelectMatching,
  onOpen,
  onComplete,
  onClear,
}: BulkBarProps) {
  if (running) return <BulkProgressBar running={running} />
  const { count, onPage, allOnPage, allMatching } = selection
  if (count === 0) return <IdleBulkBar />
  const offerMatching = !allMatching && allOnPage && total !== null && total > count
  return (
    <div className={styles.bar} role="group" aria-label="Bulk actions for the selected events">
      {allMatching ? (
        <span className={styles.count}>All {formatCount(count)} matching selected —</span>
      ) : (
        <span className={styles.count}>
          {count === onPage
            ? `${formatCount(count)} selected on this page`
            : `${formatCount(count)} selected (${formatCount(onPage)} on this page)`}
          {offerMatching && ' —'}
        </span>
      )}
      {allMatching && (
        <Button size="small" variant="ghost" onClick={onClear}>
          Clear
        </Button>
      )}
      {offerMatching && (
        <Button size="small" variant="ghost" onClick={onSelectMatching}>
          Select all {formatCount(total)} matching
        </Button>
      )}
      <Button size="small" onClick={() => onOpen('assign')}>
        Assign…
      </Button>
      <Button size="small" onClick={() => onOpen('priority')}>
        Set priority…
      </Button>
      <Button size="small" onClick={() => onOpen('status')}>
        Set status…
      </Button>
      <Button size="small" onClick={() => onOpen('snooze')}>
        Snooze…
      </Button>
      <Button size="small" onClick={() => onOpen('reschedule')}>
        Reschedule…
      </Button>
      <Button size="small" variant="primary" onClick={onComplete}>
        Mark complete
      </Button>
      <span className={styles.spacer} />
      {!allMatching && (
        <Button size="small" variant="ghost" onClick={onClear} aria-label="Clear selection">
          <span className={styles.wide}>Clear selection</span>
          <span className={styles.narrow}>Clear</span>
        </Button>
      )}
    </div>
  )
}

/** A bulk change under way: "1,200 of 5,132", a progress bar, Stop. */
function BulkProgressBar({ running }: { running: BulkRunning }) {
  const { done, total } = running.progress
  return (
    <div className={styles.bar} role="group" aria-label="Bulk change under way">
      <span className={styles.count}>{running.title}…</span>
      <progress
        className={styles.progress}
        max={Math.max(1, total)}
        value={done}
        aria-label={running.title}
      />
      <span role="status">
        {total > 0 ? `${formatCount(done)} of ${formatCount(total)}` : 'Starting…'}
      </span>
      <span className={styles.spacer} />
      <Button size="small" disabled={running.stopping} onClick={running.stop}>
        {running.stopping ? 'Stopping…' : 'Stop'}
      </Button>
    </div>
  )
}
