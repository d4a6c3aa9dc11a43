import type { InputHTMLAttributes, Ref } from 'react'
import { FieldMessages, useFieldIds } from './field-parts'
import styles from './field.module.css'

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string
  hint?: string
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled checkbox (or, with `role="switch"`, a switch). */
export function CheckboxField({ label, hint, error, id, ref, ...rest }: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error)
  return (
    <div className={styles.field}>
      <label className={styles.check} htmlFor={ids.inputId}>
        <input
          ref={ref}
          id={ids.inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...rest}
        />
        {label}
      </label>
      <FieldMessages hint={hint} error={error} {...ids} />
    </div>
  )
}
