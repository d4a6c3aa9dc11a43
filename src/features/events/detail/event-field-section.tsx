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

/** A titled card of label / value pairs; empty values read "Not set". */
export function EventFieldSection({ title, rows }: EventFieldSectionProps) {
  const id = useId()
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      <dl className={styles.fields}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt>{row.label}</dt>
            <dd>
              {row.value === '' || row.value === null || row.value === undefined ? (
                <span className={styles.unset}>Not set</span>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
