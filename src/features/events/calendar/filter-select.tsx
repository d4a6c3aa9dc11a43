import { useId, type ReactNode } from 'react'
import styles from './calendar-filter-bar.module.css'

interface FilterSelectProps {
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}

/** A compact labelled select of the filter bar. */
export function FilterSelect({ label, value, onChange, children }: FilterSelectProps) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </div>
  )
}
