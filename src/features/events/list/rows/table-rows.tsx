import type { Event } from '@/api/schemas/event'
import type { EventColumn } from '../columns/events-columns'
import { EventsTableRow } from './events-table-row'

/**
 * A row's height in px before it is measured: one line is 40 (the CSS's minimum), a subject
 * wrapped on two lines makes it 47. The virtualizer measures every row it draws.
 */
export const ROW_HEIGHT = 44
/** Height of the sticky header row in px (the CSS fixes it too). */
export const HEADER_HEIGHT = 38

export interface RowsProps {
  rows: readonly Event[]
  columns: readonly EventColumn[]
  completedStatus: string
  isSelected: (eventId: number) => boolean
  failedIds: ReadonlySet<number>
  onToggle: (eventId: number, range: boolean) => void
}

/** Every row, for short pages (and for the first screen of a long one while its code loads). */
export function TableRows({ rows, ...rowProps }: RowsProps) {
  return rows.map((event, index) => (
    <EventsTableRow
      key={index}
      event={event}
      rowIndex={index + 2}
      selected={rowProps.isSelected(event.event_ID)}
      failed={rowProps.failedIds.has(event.event_ID)}
      columns={rowProps.columns}
      completedStatus={rowProps.completedStatus}
      onToggle={rowProps.onToggle}
    />
  ))
}
