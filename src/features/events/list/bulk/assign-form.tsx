import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { TextField } from '@/components/ui/text-field'
import type { BulkAction } from './bulk-changes'
import { assignSchema, type AssignValues } from './bulk-forms'
import type { BulkSuggestions } from './suggestions'
import styles from './bulk-dialog.module.css'

interface AssignFormProps {
  formId: string
  suggestions: BulkSuggestions
  onApply: (action: BulkAction) => void
}

/** Assign to a user or a group: the ones seen in loaded events are offered, others may be typed. */
export function AssignForm({ formId, suggestions, onApply }: AssignFormProps) {
  const listId = useId()
  const form = useForm<AssignValues>({
    resolver: zodResolver(assignSchema),
    defaultValues: { target: 'user', value: '' },
  })
  const target = useWatch({ control: form.control, name: 'target' })
  const options = target === 'user' ? suggestions.users : suggestions.groups.map(String)
  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit(({ target: t, value }) =>
        onApply(
          t === 'user'
            ? { kind: 'assign-user', userId: value }
            : { kind: 'assign-group', groupKey: Number(value) },
        ),
      )}
    >
      <fieldset className={styles.choice}>
        <legend className={styles.legend}>Assign to</legend>
        <label className={styles.radio}>
          <input type="radio" value="user" {...form.register('target')} />A user
        </label>
        <label className={styles.radio}>
          <input type="radio" value="group" {...form.register('target')} />A user group
        </label>
      </fieldset>
      <TextField
        label={target === 'user' ? 'User ID' : 'Group key'}
        hint={
          target === 'user'
            ? 'Pick one seen in the loaded events, or type any user ID.'
            : 'Pick one seen in the loaded events, or type a group key (a whole number).'
        }
        list={listId}
        autoComplete="off"
        spellCheck={false}
        inputMode={target === 'group' ? 'numeric' : 'text'}
        error={form.formState.errors.value?.message}
        {...form.register('value')}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </form>
  )
}
