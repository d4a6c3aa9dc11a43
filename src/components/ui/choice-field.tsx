import { useId, type InputHTMLAttributes, type Ref } from 'react'
import { isKnownChoice, normaliseChoice, type Choice } from '@/lib/choices'
import { FieldMessages, useFieldIds } from './field-parts'
import styles from './field.module.css'

interface ChoiceFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'list'> {
  label: string
  hint?: string
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
  /** The values in use, with labels, offered as the user types (the browser's own list). */
  choices: readonly Choice[]
  /** The field's current text, to tell a new value from a known one. */
  current: string
  /** Called with the known value a typed one stands for ("task" → "TASK") when leaving the
   * field or pressing Enter; not called when nothing changes. */
  onNormalise: (value: string) => void
}

/**
 * A text field that offers the known values (a combobox: the input with its list) and, on leaving
 * it or pressing Enter, turns a typed value that differs from a known one only in case into that
 * one. A new value is allowed and marked as new.
 */
export function ChoiceField({
  label,
  hint,
  error,
  id,
  ref,
  choices,
  current,
  onNormalise,
  onBlur,
  onKeyDown,
  ...rest
}: ChoiceFieldProps) {
  const listId = useId()
  const typed = current.trim()
  const isNew = typed !== '' && choices.length > 0 && !isKnownChoice(typed, choices)
  const note = isNew ? 'New value: no event uses it yet.' : undefined
  const ids = useFieldIds(id, hint, undefined)
  const noteId = `${ids.inputId}-new`
  const errorId = error ? `${ids.inputId}-error` : undefined
  const describedBy = [ids.hintId, isNew ? noteId : null, errorId].filter(Boolean).join(' ')
  const normalise = (text: string) => {
    const next = normaliseChoice(text, choices)
    if (next !== text) onNormalise(next)
  }
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={ids.inputId}
        className={styles.control}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onBlur={(e) => {
          normalise(e.target.value)
          onBlur?.(e)
        }}
        onKeyDown={(e) => {
          // Before the form's implicit submit, so what is sent is the known value.
          if (e.key === 'Enter') normalise(e.currentTarget.value)
          onKeyDown?.(e)
        }}
        {...rest}
      />
      <datalist id={listId}>
        {choices.map((c) => (
          <option
            key={c.value}
            value={c.value}
            label={c.detail ? `${c.label} · ${c.detail}` : c.label}
          />
        ))}
      </datalist>
      {isNew && (
        <span id={noteId} className={styles.hint} data-new-value="">
          {note}
        </span>
      )}
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={errorId} />
    </div>
  )
}
