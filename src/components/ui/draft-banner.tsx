import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { Button } from './button'
import styles from './banner.module.css'

interface DraftBannerProps {
  savedAt: number
  onRestore: () => void
  onDiscard: () => void
}

/** Offers back the unsaved changes kept from an earlier visit to this form. */
export function DraftBanner({ savedAt, onRestore, onDiscard }: DraftBannerProps) {
  return (
    <div className={styles.banner} role="status">
      <span>
        You have unsaved changes from {formatDisplayDateTime(formatServiceDate(new Date(savedAt)))}.
      </span>
      <span className={styles.actions}>
        <Button size="small" variant="primary" onClick={onRestore}>
          Restore changes
        </Button>
        <Button size="small" onClick={onDiscard}>
          Discard
        </Button>
      </span>
    </div>
  )
}
