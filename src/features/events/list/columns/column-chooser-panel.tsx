import type { EventField } from '@/api/schemas/event'
import { Button } from '@/components/ui/button'
import { columnOf, eventColumns } from './events-columns'
import { DEFAULT_COLUMNS, orderColumns, REQUIRED_COLUMN } from '../list-search'
import styles from '../toolbar-panels.module.css'

export interface ColumnChooserProps {
  columns: readonly EventField[]
  onChange: (columns: EventField[]) => void
}

const ALL = orderColumns(Object.keys(eventColumns))

/** Shows or hides any Event field as a column; the subject always shows. */
export default function ColumnChooserPanel({ columns, onChange }: ColumnChooserProps) {
  const visible = new Set(columns)
  const toggle = (field: EventField, on: boolean) =>
    onChange(orderColumns(on ? [...columns, field] : columns.filter((f) => f !== field)))
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Show columns</legend>
        <div className={styles.checkGrid}>
          {ALL.map((field) => (
            <label key={field} className={styles.check}>
              <input
                type="checkbox"
                checked={visible.has(field)}
                disabled={field === REQUIRED_COLUMN}
                onChange={(e) => toggle(field, e.target.checked)}
              />
              {columnOf(field).label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.panelActions}>
        <Button size="small" variant="ghost" onClick={() => onChange([...DEFAULT_COLUMNS])}>
          Default columns
        </Button>
        <Button size="small" variant="ghost" onClick={() => onChange(ALL)}>
          All columns
        </Button>
      </div>
    </>
  )
}
