import { useId } from 'react'
import styles from './field.module.css'

/** IDs tying a control to its hint and error, so both are read with it. */
export function useFieldIds(id: string | undefined, hint?: string, error?: string) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return { inputId, hintId, errorId, describedBy }
}

/** The hint and the error under a control; the error is announced when it appears. */
export function FieldMessages(props: {
  hint?: string | undefined
  hintId?: string | undefined
  error?: string | undefined
  errorId?: string | undefined
}) {
  return (
    <>
      {props.hint && (
        <span id={props.hintId} className={styles.hint}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span id={props.errorId} className={styles.error} role="alert">
          {props.error}
        </span>
      )}
    </>
  )
}
