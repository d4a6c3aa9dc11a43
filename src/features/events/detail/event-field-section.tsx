import type { ReactNode } from 'react'
import { useId } from 'react'
import styles from './event-detail.module.css'

export interface FieldRow {
  label: string
  value: ReactNode
}

interface EventFieldSectionProps {
  title: string
  rows: FieldRow[]
}

const isEmpty = (value: ReactNode) => value === '' || value === null || value === undefined

/**
 * A titled card of label / value pairs. Fields with no value are not a wall of "Not set": they are
 * named together on one line at the end ("Not set: Report series, Event processor").
 */
export function EventFieldSection({ title, rows }: EventFieldSectionProps) {
  const id = useId()
  const filled = rows.filter((row) => !isEmpty(row.value))
  const empty = rows.filter((row) => isEmpty(row.value)).map((row) => row.label)
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {filled.length > 0 && (
        <dl className={styles.fields}>
          {filled.map((row) => (
            <div key={row.label} className={styles.row}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {empty.length > 0 && (
        <p className={styles.unset}>
          {filled.length === 0 ? 'None set: ' : 'Not set: '}
          {empty.join(', ')}
        </p>
      )}
    </section>
  )
}
