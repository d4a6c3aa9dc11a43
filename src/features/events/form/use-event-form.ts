import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useFormDraft } from '@/lib/form-draft'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { eventFormSchema, type EventFormValues } from './event-form-schema'

/**
 * The event form's state: react-hook-form with the zod schema, a draft kept in sessionStorage
 * under `draftKey` (scoped by database and event), and the unsaved-changes guard.
 */
export function useEventForm(defaultValues: EventFormValues, draftKey: string) {
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues,
    // Checked on submit, then as fields change: validating on blur would show a message (and
    // move the layout) between the press and the release of the next click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const draft = useFormDraft(draftKey, form)
  useUnsavedChanges(form.formState.isDirty)
  return { form, draft }
}

export type EventFormState = ReturnType<typeof useEventForm>
