import { lazy, Suspense } from 'react'
import type { Event } from '@/api/schemas/event'
import { RowActionsIcon } from '../../actions/row-actions-icon'
import { rowActionsLabel } from '../../actions/row-actions-label'
import menuStyles from '../../actions/row-actions-menu.module.css'
import styles from './events-table.module.css'

// The menu (React Aria) loads after the rows are drawn: it stays out of the list's first load.
const RowActionsMenu = lazy(() =>
  import('../../actions/row-actions-menu').then((m) => ({ default: m.RowActionsMenu })),
)

/** The row's last cell, kept in view at the right edge: the event's actions menu. */
export function RowActionsCell({ event }: { event: Event }) {
  return (
    <td className={styles.actionsCell}>
      <Suspense
        fallback={
          <button
            type="button"
            className={menuStyles.trigger}
            aria-label={rowActionsLabel(event)}
            aria-haspopup="true"
            disabled
          >
            <RowActionsIcon />
          </button>
        }
      >
        <RowActionsMenu event={event} />
      </Suspense>
    </td>
  )
}
