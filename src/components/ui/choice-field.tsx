import { useId, type InputHTMLAttributes, type Ref } from 'react'
import { choiceNamed, normaliseChoice, type Choice } from '@/lib/choices'
import type { CharacterCount } from './field-parts'
import { TextField } from './text-field'

interface ChoiceFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'list'> {
  label: string
  hint?: string
  error?: string | undefined
  /** The text's length and the most the service stores (see `TextField`). */
  count?: CharacterCount | undefined
  ref?: Ref<HTMLInputElement>
  /** The values in use, with labels, offered as the user types (the browser's own list). */
  choices: readonly Choice[]
  /** The field's current text, to tell a new value from a known one. */
  current: string
  /** Called with the known value a typed one stands for ("task" → "TASK") when leaving the
   * field or pressing Enter; not called when nothing changes. */
  onNormalise: (value: string) => void
  /** The value a typed text stands for before it is matched (a person's name → their ID). */
  resolve?: (typed: string) => string
}

export const NEW_VALUE_NOTE = 'New value: no event uses it yet.'

/**
 * A text field that offers the known values (a combobox: the input with its list) and, on leaving
 * it or pressing Enter, turns a typed value that differs from a known one only in case into that
 * one. A new value is allowed and marked as new (in the field's description); a known one is named
 * there by its label when that is not the value itself (a type code by its name, a user ID by the
 * person's).
 */
export function ChoiceField({
  hint,
  choices,
  current,
  onNormalise,
  resolve,
  onBlur,
  onKeyDown,
  ...rest
}: ChoiceFieldProps) {
  const listId = useId()
  const typed = current.trim()
  const known = choiceNamed(typed, choices)
  const isNew = typed !== '' && choices.length > 0 && !known
  // A stored code typed ("FOLLOW_UP", "jmartinez", "3") read by what it stands for, where that
  // differs; a label typed is not repeated.
  const codeTyped = known?.value.toLowerCase() === typed.toLowerCase()
  const named =
    known && codeTyped && known.label.toLowerCase() !== known.value.toLowerCase()
      ? known.label
      : null
  const normalise = (text: string) => {
    const next = normaliseChoice(resolve ? resolve(text) : text, choices)
    if (next !== text) onNormalise(next)
  }
  return (
    <>
      <TextField
        {...rest}
        hint={[named, hint, isNew ? NEW_VALUE_NOTE : null].filter(Boolean).join(' · ') || undefined}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        onBlur={(e) => {
          normalise(e.target.value)
          onBlur?.(e)
        }}
        onKeyDown={(e) => {
          // Before the form's implicit submit, so what is sent is the known value.
          if (e.key === 'Enter') normalise(e.currentTarget.value)
          onKeyDown?.(e)
        }}
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
    </>
  )
}
