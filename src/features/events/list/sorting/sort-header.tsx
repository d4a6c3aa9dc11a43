import type { SortField } from '@/api/events'
import type { EventColumn } from '../columns/events-columns'
import styles from '../rows/events-table.module.css'

interface SortHeaderProps {
  column: EventColumn
  sort: readonly SortField[]
  onSort: (field: string, additive: boolean) => void
}

const ordinal = (n: number) => (n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`)

/**
 * A column heading that sorts: click for this column alone (again to reverse), Shift+click to add
 * it as a later key. `aria-sort` marks the first key; later keys are named in the button.
 */
export function SortHeader({ column, sort, onSort }: SortHeaderProps) {
  const index = sort.findIndex((s) => s.field === column.field)
  const sorted = sort[index]
  const direction = sorted?.direction === 'desc' ? 'descending' : 'ascending'
  return (
    <th
      scope="col"
      aria-sort={index === 0 && sorted ? direction : undefined}
      className={sorted ? styles.sortedHeader : undefined}
    >
      <button
        type="button"
        className={styles.sortButton}
        title="Sort by this column; Shift+click adds it to the sort"
        onClick={(e) => onSort(column.field, e.shiftKey)}
      >
        <span className={styles.headerLabel}>{column.label}</span>
        {sorted && (
          <span className={styles.sortMark} aria-hidden="true">
            {sorted.direction === 'asc' ? '▲' : '▼'}
            {sort.length > 1 ? index + 1 : ''}
          </span>
        )}
        {sorted && index > 0 && (
          <span className="visually-hidden">
            , {ordinal(index + 1)} sort key, {direction}
          </span>
        )}
      </button>
    </th>
  )
}
