import styles from './bulk-bar.module.css'

/**
 * The bar's place while nothing is selected (also shown while the actions load): apart from the
 * bar itself, which loads with the bulk actions.
 */
export function IdleBulkBar() {
  return (
    <div className={`${styles.bar} ${styles.idle}`}>
      No events selected. Tick rows (Shift+click for a range) to act on several at once.
    </div>
  )
}
