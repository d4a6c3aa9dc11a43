import { Fragment, memo, type Ref } from 'react'
import type { Event } from '@/api/schemas/event'
import { renderCell, type EventColumn } from '../columns/events-columns'
import styles from './events-table.module.css'
import { paths } from '@/lib/paths'
import { TRIAGE_FOCUS, triageRow } from '../../triage/use-triage-keys'
import { RowActionsCell } from './row-actions-cell'
import { SubjectText } from './subject-text'
import { eventTitle, hasSubject } from '../../model/title'
import { RowLink } from '@/components/ui/row-link'
import { NotesCountCell, OpenByOthers, useHasRowTeam } from './row-team'

interface EventsTableRowProps {
  event: Event
  /** 1-based position among all the table's rows (the header row is 1). */
  rowIndex: number
  columns: readonly EventColumn[]
  selected: boolean
  failed: boolean
  completedStatus: string
  onToggle: (eventId: number, range: boolean) => void
  /** Where the virtualizer measures the row (its height follows the subject's lines). */
  ref?: Ref<HTMLTableRowElement>
  /** The row's index for the virtualizer's measurement. */
  virtualIndex?: number
}

/**
 * One event: a checkbox naming it, the subject linking to its detail (an eye beside it when others
 * have it open), its notes' count (with the console server), the chosen fields, then its actions
 * menu.
 */
export const EventsTableRow = memo(function EventsTableRow({
  event,
  rowIndex,
  columns,
  selected,
  failed,
  completedStatus,
  onToggle,
  ref,
  virtualIndex,
}: EventsTableRowProps) {
  const name = eventTitle(event)
  const team = useHasRowTeam()
  const classes = [selected && styles.selected, failed && styles.failed].filter(Boolean).join(' ')
  return (
    <tr
      ref={ref}
      data-index={virtualIndex}
      aria-rowindex={rowIndex}
      className={classes || undefined}
      {...triageRow(event.event_ID)}
    >
      <td className={styles.selectCell}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={selected}
          aria-label={`Select ${name} (event ${event.event_ID})`}
          onChange={(e) => {
            const native = e.nativeEvent as Partial<MouseEvent>
            onToggle(event.event_ID, native.shiftKey === true)
          }}
        />
      </td>
      {columns.map((column) =>
        column.field === 'subject' ? (
          <Fragment key="subject">
            <td className={styles.subject}>
              {failed && <span className={styles.failedTag}>Failed</span>}
              <OpenByOthers eventId={event.event_ID} />
              {/* Wraps to three lines at most; the title shows the rest of a longer one. */}
              <RowLink
                to={paths.events.detail(event.event_ID)}
                className={styles.subjectLink}
                title={name}
                {...TRIAGE_FOCUS}
              >
                {hasSubject(event) ? <SubjectText text={event.subject ?? ''} /> : <em>{name}</em>}
              </RowLink>
            </td>
            {team && <NotesCountCell eventId={event.event_ID} />}
          </Fragment>
        ) : (
          <td key={column.field} title={column.text(event) || undefined}>
            {renderCell(column, event, completedStatus)}
          </td>
        ),
      )}
      <RowActionsCell key={event.event_ID} event={event} />
    </tr>
  )
})
