import { useId } from 'react'
import type { SortField } from '@/api/events'
import { Button } from '@/components/ui/button'
import { eventColumns } from '../columns/events-columns'
import { COMPLETED_SORT } from '../../index/protocol'
import { directionLabel, fieldLabel } from './describe-sort'
import { orderColumns } from '../list-search'
import styles from '../toolbar-panels.module.css'

export interface SortEditorProps {
  sort: readonly SortField[]
  onChange: (sort: SortField[]) => void
}

const ALL = [COMPLETED_SORT, ...orderColumns(Object.keys(eventColumns))]
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The sort keys in order, each with its direction; the keyboard way to sort by several columns. */
export default function SortEditor({ sort, onChange }: SortEditorProps) {
  const addId = useId()
  const unused = ALL.filter((f) => !sort.some((s) => s.field === f))
  const set = (index: number, next: SortField | null) =>
    onChange(sort.flatMap((s, i) => (i === index ? (next ? [next] : []) : [s])))
  const moveUp = (index: number) => {
    const next = [...sort]
    const [moved] = next.splice(index, 1)
    if (moved) next.splice(index - 1, 0, moved)
    onChange(next)
  }
  return (
    <>
      <ol className={styles.sortList} aria-label="Sort keys, most significant first">
        {sort.map((s, index) => (
          <li key={s.field} className={styles.sortItem}>
            <span className={styles.sortName}>{fieldLabel(s.field)}</span>
            <select
              aria-label={`Direction of ${fieldLabel(s.field)}`}
              value={s.direction}
              onChange={(e) =>
                set(index, {
                  field: s.field,
                  direction: e.target.value === 'desc' ? 'desc' : 'asc',
                })
              }
            >
              <option value="asc">{capital(directionLabel(s.field, 'asc'))}</option>
              <option value="desc">{capital(directionLabel(s.field, 'desc'))}</option>
            </select>
            <Button
              size="small"
              variant="ghost"
              aria-label={`Move ${fieldLabel(s.field)} up`}
              disabled={index === 0}
              onClick={() => moveUp(index)}
            >
              ↑
            </Button>
            <Button
              size="small"
              variant="ghost"
              aria-label={`Remove ${fieldLabel(s.field)} from the sort`}
              disabled={sort.length === 1}
              onClick={() => set(index, null)}
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div className={styles.addSort}>
        <label htmlFor={addId}>Then by</label>
        <select
          id={addId}
          value=""
          onChange={(e) => {
            if (e.target.value) onChange([...sort, { field: e.target.value, direction: 'asc' }])
          }}
        >
          <option value="">Add a column…</option>
          {unused.map((f) => (
            <option key={f} value={f}>
              {fieldLabel(f)}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.tip}>Tip: Shift+click a column heading to add it to the sort.</p>
    </>
  )
}
