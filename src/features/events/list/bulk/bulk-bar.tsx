import { Button } from '@/components/ui/button'
import { formatCount } from '@/lib/format/format'
import styles from './bulk-bar.module.css'

export type BulkDialogKind = 'assign' | 'priority' | 'status'

interface BulkBarProps {
  count: number
  pending: boolean
  onOpen: (kind: BulkDialogKind) => void
  onComplete: () => void
  onClear: () => void
}

/**
 * The actions for the ticked rows. Its count is announced by the page's status line. With nothing
 * ticked it keeps its place (one fixed height) and says how to select, so ticking a row never
 * moves the table under the pointer.
 */
export function BulkBar({ count, pending, onOpen, onComplete, onClear }: BulkBarProps) {
  if (count === 0) return <IdleBulkBar />
  return (
    <div className={styles.bar} role="group" aria-label="Bulk actions for the selected events">
      <span className={styles.count} aria-hidden="true">
        {formatCount(count)} selected
      </span>
      <Button size="small" disabled={pending} onClick={() => onOpen('assign')}>
        Assign…
      </Button>
      <Button size="small" disabled={pending} onClick={() => onOpen('priority')}>
        Set priority…
      </Button>
      <Button size="small" disabled={pending} onClick={() => onOpen('status')}>
        Set status…
      </Button>
      <Button size="small" variant="primary" disabled={pending} onClick={onComplete}>
        {pending ? 'Saving…' : 'Mark complete'}
      </Button>
      <span className={styles.spacer} />
      <Button size="small" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  )
}

/** The bar's place while nothing is selected (also shown while the actions load). */
export function IdleBulkBar() {
  return (
    <div className={`${styles.bar} ${styles.idle}`}>
      No events selected. Tick rows (Shift+click for a range) to act on several at once.
    </div>
  )
}
