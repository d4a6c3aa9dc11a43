import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { isAuthKey } from '@/api/schemas/auth-fields'
import { labelOf } from '../auth-fields'
import { problemsOf, type RowState } from './use-import-rows'
import styles from './import.module.css'
import { Problem } from '@/components/ui/problem'

interface ImportRowEditorProps {
  state: RowState
  onApply: (values: Record<string, unknown>) => void
  onRemove: () => void
  onClose: () => void
}

const isEditable = (value: unknown) => value === null || typeof value !== 'object'
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/** Fix a row's cells; the row is checked again when applied. Objects in JSON rows stay as they are. */
export function ImportRowEditor({ state, onApply, onRemove, onClose }: ImportRowEditorProps) {
  const { row } = state
  const formId = useId()
  const errors = problemsOf(state)
  const failure = state.result && state.result.status >= 300 ? state.result.body : null
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(row.values)
        .filter(([, v]) => isEditable(v))
        .map(([k, v]) => [k, asText(v)]),
    ),
  )

  // Focus starts on the first field with a problem, else the first field.
  const firstKey = Object.keys(values).find((k) => errors[k]) ?? Object.keys(values)[0]
  const inputId = (key: string) => `${formId}-${key}`
  useEffect(() => {
    // After the dialog has opened (its effect runs first), so the modal does not take focus back.
    if (firstKey) document.getElementById(inputId(firstKey))?.focus()
    // Only when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const next: Record<string, unknown> = { ...row.values }
    for (const [key, value] of Object.entries(values))
      if (value !== asText(row.values[key])) next[key] = value
    onApply(next)
  }

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={`Fix row ${row.index}`}
      footer={
        <>
          <Button variant="ghost" className={styles.remove} onClick={onRemove}>
            Remove row
          </Button>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary">
            Apply and check
          </Button>
        </>
      }
    >
      {(errors['(row)'] || failure) && (
        <Problem
          compact
          cause="action"
          title={errors['(row)'] ?? `The service answered: ${failure}`}
        />
      )}
      <form id={formId} className={styles.editor} onSubmit={apply} noValidate>
        {Object.keys(values).map((key) => (
          <TextField
            key={key}
            label={labelOf(key)}
            hint={isAuthKey(key) ? key : `${key} (not an auth field; the service ignores it)`}
            value={values[key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            error={errors[key]}
            id={inputId(key)}
            autoComplete="off"
          />
        ))}
        {Object.keys(values).length === 0 && (
          <p className={styles.muted}>This row has no values to fix. Remove it, or fix the file.</p>
        )}
      </form>
    </Dialog>
  )
}
