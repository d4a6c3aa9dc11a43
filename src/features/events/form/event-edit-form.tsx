import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { eventFields, type Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { ConflictDialog } from '@/components/form-save/conflict-dialog'
import { applyProblem, type FormProblem } from '@/components/form-save/form-problem'
import { useSaveAgainstLoaded } from '@/components/form-save/use-save-against-loaded'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { fieldLabel, formatEventValue } from '../event-fields'
import { priorityName } from '../priority-badge'
import { useUpdateEvent, useEventQueries } from '../queries'
import { EventFormShell } from './event-form-shell'
import {
  eventFormFields,
  fromFormValues,
  toFormValues,
  type EventFormValues,
} from './event-form-schema'
import { useEventForm } from './use-event-form'
import { eventTitle } from '../model/title'

interface EventEditFormProps {
  event: Event
  draftKey: string
  priorities: readonly StringOption[]
}

/**
 * Edits an event, saved against the version the form loaded (`useSaveAgainstLoaded`): a save by
 * someone else in between is shown field by field before anything is written. The whole event
 * goes back, unknown fields included.
 */
export function EventEditForm({ event, draftKey, priorities }: EventEditFormProps) {
  const queries = useEventQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  /** The version the form's values came from: what "changed since" is measured against. */
  const [base, setBase] = useState(event)
  const state = useEventForm(toFormValues(event), draftKey)
  const update = useUpdateEvent()
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const title = eventTitle(base)

  const guard = useSaveAgainstLoaded({
    form: state.form,
    base,
    onRebase: setBase,
    toValues: toFormValues,
    fetchLatest: () =>
      queryClient.fetchQuery({ ...queries.detail(db, base.event_ID), staleTime: 0 }),
    send: (next: Event) => update.mutateAsync(next),
    onSaved: (saved) => {
      state.draft.clear()
      toast.success('Event saved', { description: eventTitle(saved) })
      navigate(paths.events.detail(saved.event_ID))
    },
    onError: (error) => {
      setProblem(applyProblem(error, state.form.setError, eventFormFields, fieldLabel))
      toast.error('The event was not saved', { description: 'See the form for details.' })
    },
    keepDraft: state.draft.keep,
    order: eventFields,
  })

  const onValid = (values: EventFormValues) => {
    setProblem(null)
    void guard.save(fromFormValues(values, base))
  }

  return (
    <EventFormShell
      state={state}
      title={`Edit: ${title}`}
      description={`Event ${base.event_ID}. Fields this form does not show are kept as they are.`}
      submitLabel="Save changes"
      pending={guard.checking || update.isPending}
      problem={problem}
      cancelTo={paths.events.detail(base.event_ID)}
      priorities={priorities}
      onValid={onValid}
    >
      {guard.conflict && (
        <ConflictDialog
          noun="event"
          latest={guard.conflict.latest}
          changes={guard.conflict.changes}
          labelOf={fieldLabel}
          format={(field, value) =>
            field === 'priority' && typeof value === 'string'
              ? priorityName(value, priorities)
              : formatEventValue(field, value)
          }
          pending={update.isPending}
          onKeepMine={() => void guard.keepMine()}
          onTakeTheirs={guard.takeTheirs}
          onReview={guard.review}
        />
      )}
    </EventFormShell>
  )
}
