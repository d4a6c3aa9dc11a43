import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import type { NewEvent } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { applyProblem, type FormProblem } from '@/components/form-save/form-problem'
import { toast } from '@/components/ui/toast'
import { useCurrentUser } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { fieldLabel } from '../event-fields'
import { useCreateEvent } from '../queries'
import { useLookup } from '../use-lookup'
import { EventFormShell } from './event-form-shell'
import {
  eventFormFields,
  fromFormValues,
  newEventValues,
  toFormValues,
  type EventFormValues,
} from './event-form-schema'
import { useEventForm } from './use-event-form'
import { eventTitle } from '../model/title'
import { readFollowUp } from './follow-up'

/**
 * `/events/new`: a new event, assigned to the signed-in user unless changed; prefilled when
 * another page opens it with a follow-up (`followUpState`).
 */
export function EventCreatePage() {
  const user = useCurrentUser()
  const db = useDatabase()
  const priorities = useLookup('priorities')
  const followUp = readFollowUp(useLocation().state)
  const defaults = followUp
    ? toFormValues({
        status: 'Open',
        subject: followUp.subject,
        user_ID: followUp.user_ID ?? user.userId,
        due_Date: followUp.due_Date,
      })
    : newEventValues(user.userId)
  return (
    <EventCreateForm
      key={`${db}|${followUp?.subject ?? ''}`}
      defaults={defaults}
      draftKey={`${db}.event.new`}
      priorities={priorities.data ?? []}
    />
  )
}

const NEW_EVENT: NewEvent = {
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
}

interface EventCreateFormProps {
  defaults: EventFormValues
  draftKey: string
  priorities: readonly StringOption[]
}

function EventCreateForm({ defaults, draftKey, priorities }: EventCreateFormProps) {
  const state = useEventForm(defaults, draftKey)
  const create = useCreateEvent()
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const navigate = useNavigate()

  const onValid = (values: EventFormValues) => {
    setProblem(null)
    create.mutateAsync(fromFormValues(values, NEW_EVENT)).then(
      (created) => {
        state.draft.clear()
        toast.success('Event created', {
          description: eventTitle(created),
        })
        navigate(paths.events.detail(created.event_ID))
      },
      (error: unknown) => {
        setProblem(applyProblem(error, state.form.setError, eventFormFields, fieldLabel))
        toast.error('The event was not created', { description: 'See the form for details.' })
      },
    )
  }

  return (
    <EventFormShell
      state={state}
      title="New event"
      description="A reminder or task for a user or a user group."
      submitLabel="Create event"
      pending={create.isPending}
      problem={problem}
      cancelTo={paths.events.mine()}
      priorities={priorities}
      onValid={onValid}
    />
  )
}
