import type { SortField } from '@/api/events'
import { columnOf } from '../columns/events-columns'
import { isEventField } from '../list-search'

export const fieldLabel = (field: string) => (isEventField(field) ? columnOf(field).label : field)

/** "Due descending, then Subject ascending". */
export const describeSort = (sort: readonly SortField[]) =>
  sort
    .map((s) => `${fieldLabel(s.field)} ${s.direction === 'asc' ? 'ascending' : 'descending'}`)
    .join(', then ')
