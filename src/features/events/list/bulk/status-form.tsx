import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { ChoiceField } from '@/components/ui/choice-field'
import { useEventChoices } from '../../form/use-event-choices'
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
  const form = useForm<StatusValues>({
    resolver: zodResolver(statusSchema),
    defaultValues: { status: '' },
  })
  const current = useWatch({ control: form.control, name: 'status' })
  const choices = useEventChoices({ statuses }).statuses
  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit(({ status }) => onApply({ kind: 'status', status }))}
    >
      <ChoiceField
        label="Status"
        hint="Pick a status in use, or type a new one."
        choices={choices}
        current={current}
        onNormalise={(v) => form.setValue('status', v, { shouldDirty: true })}
        error={form.formState.errors.status?.message}
        {...form.register('status')}
      />
    </form>
  )
}
