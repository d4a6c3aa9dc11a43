import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { TextField } from '@/components/ui/text-field'
import type { BulkAction } from './bulk-changes'
import { statusSchema, type StatusValues } from './bulk-forms'
import styles from './bulk-dialog.module.css'

interface StatusFormProps {
  formId: string
  statuses: string[]
  onApply: (action: BulkAction) => void
}

/** A status seen in the loaded events, or a typed one (the service names no fixed set). */
export function StatusForm({ formId, statuses, onApply }: StatusFormProps) {
  const listId = useId()
  const form = useForm<StatusValues>({
    resolver: zodResolver(statusSchema),
    defaultValues: { status: '' },
  })
  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit(({ status }) => onApply({ kind: 'status', status }))}
    >
      <TextField
        label="Status"
        hint={`In use: ${statuses.join(', ')}. Any other status may be typed.`}
        list={listId}
        autoComplete="off"
        error={form.formState.errors.status?.message}
        {...form.register('status')}
      />
      <datalist id={listId}>
        {statuses.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </form>
  )
}
