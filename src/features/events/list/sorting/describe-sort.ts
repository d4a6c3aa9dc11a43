import type { SortField } from '@/api/events'
import { COMPLETED_SORT } from '../../index/protocol'
import { columnOf } from '../columns/events-columns'
import { isEventField } from '../list-search'

export const fieldLabel = (field: string) =>
  field === COMPLETED_SORT
    ? 'Open or completed'
    : isEventField(field)
      ? columnOf(field).label
      : field

/** How a key's direction reads: "ascending", or "open first" for open-or-completed. */
export const directionLabel = (field: string, direction: 'asc' | 'desc') =>
  field === COMPLETED_SORT
    ? direction === 'asc'
      ? 'open first'
      : 'completed first'
    : direction === 'asc'
      ? 'ascending'
      : 'descending'

/** "Open or completed, open first, then Due ascending". */
export const describeSort = (sort: readonly SortField[]) =>
  sort
    .map((s) =>
      s.field === COMPLETED_SORT
        ? `${fieldLabel(s.field)}, ${directionLabel(s.field, s.direction)}`
        : `${fieldLabel(s.field)} ${directionLabel(s.field, s.direction)}`,
    )
    .join(', then ')
