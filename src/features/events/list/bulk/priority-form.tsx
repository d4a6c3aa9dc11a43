import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useDatabase } from '@/api/api-context'
import { useLookupQueries } from '@/api/lookups'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import type { BulkAction } from './bulk-changes'
import { prioritySchema, type PriorityValues } from './bulk-forms'
import styles from './bulk-dialog.module.css'
import { Problem } from '@/components/ui/problem'

interface PriorityFormProps {
  formId: string
  onApply: (action: BulkAction) => void
}

/** A priority from `GET /priorities`. */
export function PriorityForm({ formId, onApply }: PriorityFormProps) {
  const queries = useLookupQueries()
  const db = useDatabase()
  // A failure is shown in the dialog with a retry, never instead of the list behind it.
  const priorities = useQuery({ ...queries.list(db, 'priorities'), throwOnError: false })
  const form = useForm<PriorityValues>({
    resolver: zodResolver(prioritySchema),
    defaultValues: { priority: '' },
  })
  const options = (priorities.data ?? []).map((p) => ({
    value: p.option_Key,
    label: p.description
      ? `${p.display ?? p.option_Key}: ${p.description}`
      : (p.display ?? p.option_Key),
  }))
  const labelOf = (key: string) =>
    priorities.data?.find((p) => p.option_Key === key)?.display ?? key

  if (priorities.isError)
    return (
      <Problem
        compact
        cause="load"
        title="The priorities could not be loaded."
        actions={
          <Button size="small" onClick={() => void priorities.refetch()}>
            Try again
          </Button>
        }
      >
        {describeError(priorities.error).message}
      </Problem>
    )
  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit(({ priority }) =>
        onApply({ kind: 'priority', priority, label: labelOf(priority) }),
      )}
    >
      <SelectField
        label="Priority"
        disabled={priorities.isPending}
        options={[
          { value: '', label: priorities.isPending ? 'Loading priorities…' : 'Choose a priority' },
          ...options,
        ]}
        error={form.formState.errors.priority?.message}
        {...form.register('priority')}
      />
    </form>
  )
}
