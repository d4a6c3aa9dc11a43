import type { InputHTMLAttributes, Ref } from 'react'
import { FieldMessages, useFieldIds, type CharacterCount } from './field-parts'
import styles from './field.module.css'

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  hint?: string
  error?: string | undefined
  /** The text's length and the most the service stores: shown as a count under the field. */
  count?: CharacterCount | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled input whose error is tied to it and announced. */
export function TextField({ label, hint, error, count, id, ref, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error, count)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={ids.inputId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
      <FieldMessages hint={hint} error={error} count={count} {...ids} />
    </div>
  )
}
