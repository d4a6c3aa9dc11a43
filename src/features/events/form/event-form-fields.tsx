import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { StringOption } from '@/api/schemas/static-option'
import { EVENT_TEXT_LIMITS } from '@/api/schemas/limited-text'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { ChoiceField } from '@/components/ui/choice-field'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { TextField } from '@/components/ui/text-field'
import { useCurrentUser } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { priorityName } from '../priority-badge'
import type { EventFormValues } from './event-form-schema'
import { useFormChoices } from './use-event-choices'
import styles from './event-form.module.css'

interface EventFormFieldsProps {
  form: UseFormReturn<EventFormValues>
  priorities: readonly StringOption[]
}

/** Every editable field of an event, in groups; errors sit next to their fields. */
export function EventFormFields({ form, priorities }: EventFormFieldsProps) {
  const { register, formState } = form
  const errors = formState.errors
  const current = formState.defaultValues?.priority ?? ''
  const priorityOptions = [
    { value: '', label: 'None' },
    ...priorities.map((p) => ({
      value: p.option_Key,
      label: priorityName(p.option_Key, priorities),
    })),
    ...(current && !priorities.some((p) => p.option_Key === current)
      ? [{ value: current, label: current }]
      : []),
  ]
  const me = useCurrentUser().userId
  const choices = useFormChoices(me)
  const [type, status, user, group, subject, processor, metaData] = useWatch({
    control: form.control,
    name: [
      'event_Type',
      'status',
      'user_ID',
      'userGroup_Key',
      'subject',
      'event_Processor',
      'meta_Data',
    ],
  })
  /** The text's length as it will be sent (trimmed) against the service's limit. */
  const count = (field: keyof typeof EVENT_TEXT_LIMITS, text: string | undefined) => ({
    length: (text ?? '').trim().length,
    max: EVENT_TEXT_LIMITS[field],
  })
  // A person's whole name, as the directory has it, is written as their ID.
  const { userIdOf: userId } = useDirectory()
  const set = (name: 'event_Type' | 'status' | 'user_ID' | 'userGroup_Key') => (value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted })

  return (
    <>
      <fieldset className={styles.group}>
        <legend>What</legend>
        <div className={styles.full}>
          <TextField
            label="Subject"
            autoComplete="off"
            required
            count={count('subject', subject)}
            error={errors.subject?.message}
            {...register('subject')}
          />
        </div>
        <ChoiceField
          label="Type"
          hint="Pick a type in use, or type a new one"
          choices={choices.types}
          current={type ?? ''}
          onNormalise={set('event_Type')}
          count={count('event_Type', type)}
          error={errors.event_Type?.message}
          {...register('event_Type')}
        />
        <SelectField
          label="Priority"
          options={priorityOptions}
          error={errors.priority?.message}
          {...register('priority')}
        />
        <ChoiceField
          label="Status"
          choices={choices.statuses}
          current={status ?? ''}
          onNormalise={set('status')}
          count={count('status', status)}
          error={errors.status?.message}
          {...register('status')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Who</legend>
        <ChoiceField
          label="Assigned user"
          hint="A name or user ID, e.g. staff"
          choices={choices.users}
          resolve={userId}
          current={user ?? ''}
          onNormalise={set('user_ID')}
          count={count('user_ID', user)}
          error={errors.user_ID?.message}
          {...register('user_ID')}
        />
        <ChoiceField
          label="User group"
          hint="Group key (a number)"
          inputMode="numeric"
          choices={choices.groups}
          current={group ?? ''}
          onNormalise={set('userGroup_Key')}
          error={errors.userGroup_Key?.message}
          {...register('userGroup_Key')}
        />
      </fieldset>

      <fieldset className={`${styles.group} ${styles.pairs}`}>
        <legend>When</legend>
        <TextField
          type="datetime-local"
          label="Starts"
          error={errors.start_Date?.message}
          {...register('start_Date')}
        />
        <TextField
          type="datetime-local"
          label="Ends"
          error={errors.end_Date?.message}
          {...register('end_Date')}
        />
        <TextField
          type="datetime-local"
          label="Due"
          error={errors.due_Date?.message}
          {...register('due_Date')}
        />
        <TextField
          type="datetime-local"
          label="Next reminder"
          hint="When the assigned user is reminded next"
          error={errors.next_Scheduled_Date?.message}
          {...register('next_Scheduled_Date')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Progress</legend>
        <TextField
          type="number"
          label="Completion (%)"
          hint="0 to 100"
          min={0}
          max={100}
          step="any"
          error={errors.completion_Percent?.message}
          {...register('completion_Percent')}
        />
        <TextField
          type="datetime-local"
          label="Completed on"
          error={errors.completion_Date?.message}
          {...register('completion_Date')}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Reminders and automation</legend>
        <CheckboxField
          label="Remind the assigned user"
          error={errors.reminder?.message}
          {...register('reminder')}
        />
        <TextField
          label="Reminder event ID"
          inputMode="numeric"
          error={errors.reminder_Event_ID?.message}
          {...register('reminder_Event_ID')}
        />
        <CheckboxField
          label="Triggers a claim audit"
          error={errors.claim_Audit_Event?.message}
          {...register('claim_Audit_Event')}
        />
        <CheckboxField
          label="Triggers a report series"
          error={errors.process_Automation_Event?.message}
          {...register('process_Automation_Event', { deps: ['reportSeries_Key'] })}
        />
        <TextField
          label="Report series"
          hint="Key of the report series; required when the event triggers one"
          inputMode="numeric"
          error={errors.reportSeries_Key?.message}
          {...register('reportSeries_Key')}
        />
        <TextField
          label="Processor"
          hint="Object that processes the event"
          count={count('event_Processor', processor)}
          error={errors.event_Processor?.message}
          {...register('event_Processor')}
        />
        <div className={styles.full}>
          <TextAreaField
            label="Metadata"
            rows={3}
            count={count('meta_Data', metaData)}
            error={errors.meta_Data?.message}
            {...register('meta_Data')}
          />
        </div>
      </fieldset>
    </>
  )
}
