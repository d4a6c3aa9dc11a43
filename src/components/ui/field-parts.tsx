import { useId } from 'react'
import styles from './field.module.css'

const formatCount = (n: number) => n.toLocaleString('en-US')

/** How much text a field holds and the most it may (the service's limit for it). */
export interface CharacterCount {
  length: number
  max: number
}

/**
 * Whether to show a field's character count: always for long text (a limit of 1,000 or more),
 * for shorter limits once the text reaches 80 % of it.
 */
export const showsCount = (count: CharacterCount | undefined): count is CharacterCount =>
  count !== undefined && (count.max >= 1_000 || count.length >= count.max * 0.8)

/** IDs tying a control to its hint, count and error, so all are read with it. */
export function useFieldIds(
  id: string | undefined,
  hint?: string,
  error?: string,
  count?: CharacterCount,
) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const countId = showsCount(count) ? `${inputId}-count` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, countId, errorId].filter(Boolean).join(' ') || undefined
  return { inputId, hintId, countId, errorId, describedBy }
}

/**
 * The hint, the character count ("812 / 1,000 characters", in the control's description; marked
 * when over) and the error under a control; the error is announced when it appears.
 */
export function FieldMessages(props: {
  hint?: string | undefined
  hintId?: string | undefined
  count?: CharacterCount | undefined
  countId?: string | undefined
  error?: string | undefined
  errorId?: string | undefined
}) {
  const { count } = props
  return (
    <>
      {props.hint && (
        <span id={props.hintId} className={styles.hint}>
          {props.hint}
        </span>
      )}
      {props.countId && count && (
        <span
          id={props.countId}
          className={count.length > count.max ? styles.countOver : styles.count}
        >
          {formatCount(count.length)} / {formatCount(count.max)} characters
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
