import { Button } from '@/components/ui/button'
import styles from './bulk-bar.module.css'

export type BulkDialogKind = 'assign' | 'priority' | 'status'

interface BulkBarProps {
  count: number
  pending: boolean
  onOpen: (kind: BulkDialogKind) => void
  onComplete: () => void
  onClear: () => void
}

/** The actions for the ticked rows. Its count is announced by the page's status line. */
export function BulkBar({ count, pending, onOpen, onComplete, onClear }: BulkBarProps) {
  return (
    <div className={styles.bar} role="group" aria-label="Bulk actions for the selected events">
      <span className={styles.count} aria-hidden="true">
        {count} selected
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
