import type { Ref, TextareaHTMLAttributes } from 'react'
import { FieldMessages, useFieldIds, type CharacterCount } from './field-parts'
import styles from './field.module.css'

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  hint?: string
  error?: string | undefined
  /** The text's length and the most the service stores: shown as a count under the field. */
  count?: CharacterCount | undefined
  ref?: Ref<HTMLTextAreaElement>
}

export function TextAreaField({ label, hint, error, count, id, ref, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error, count)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      <textarea
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
