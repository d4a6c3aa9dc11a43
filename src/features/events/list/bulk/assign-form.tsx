import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { ChoiceField } from '@/components/ui/choice-field'
import { useEventChoices } from '../../form/use-event-choices'
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
  const form = useForm<AssignValues>({
    resolver: zodResolver(assignSchema),
    defaultValues: { target: 'user', value: '' },
  })
  const target = useWatch({ control: form.control, name: 'target' })
  const value = useWatch({ control: form.control, name: 'value' })
  const choices = useEventChoices({ users: suggestions.users, groups: suggestions.groups })
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
      <ChoiceField
        key={target}
        label={target === 'user' ? 'User ID' : 'Group key'}
        choices={target === 'user' ? choices.users : choices.groups}
        current={value}
        onNormalise={(v) => form.setValue('value', v, { shouldDirty: true })}
        hint={
          target === 'user'
            ? 'Pick one in use, or type any user ID.'
            : 'Pick one in use, or type a group key (a whole number).'
        }
        inputMode={target === 'group' ? 'numeric' : 'text'}
        error={form.formState.errors.value?.message}
        {...form.register('value')}
      />
    </form>
  )
}
