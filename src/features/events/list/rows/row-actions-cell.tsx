import type { Event } from '@/api/schemas/event'
import { LazyRowActionsMenu } from '../../actions/lazy-row-actions-menu'
import styles from './events-table.module.css'

/** The row's last cell, kept in view at the right edge: the event's actions menu. */
export function RowActionsCell({ event }: { event: Event }) {
  return (
    <td className={styles.actionsCell}>
      <LazyRowActionsMenu event={event} />
    </td>
  )
}
