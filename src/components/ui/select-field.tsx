import type { Ref, SelectHTMLAttributes } from 'react'
import { FieldMessages, useFieldIds } from './field-parts'
import styles from './field.module.css'

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  hint?: string
  error?: string | undefined
  options: { value: string; label: string }[]
  ref?: Ref<HTMLSelectElement>
}

export function SelectField({ label, hint, error, options, id, ref, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      <select
        ref={ref}
        id={ids.inputId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} error={error} {...ids} />
    </div>
  )
}
