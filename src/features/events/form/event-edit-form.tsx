import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import type { Event } from '@/api/schemas/event'
import type { StringOption } from '@/api/schemas/static-option'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { useUpdateEvent, useEventQueries } from '../queries'
import { EventFormShell } from './event-form-shell'
import { fromFormValues, toFormValues, type EventFormValues } from './event-form-schema'
import { isNewerOnService, staleChanges, type StaleChange } from './stale-diff'
import { StaleEditDialog } from './stale-edit-dialog'
import { useEventForm } from './use-event-form'
import { useServerError } from './use-server-error'

interface EventEditFormProps {
  event: Event
  draftKey: string
  priorities: readonly StringOption[]
}

interface Stale {
  server: Event
  mine: Event
  changes: StaleChange[]
}

/**
 * Edits an event. Before saving it asks the service for the event again: when someone saved it
 * after this form was loaded, the user sees what changed and chooses to overwrite or reload.
 * The whole event goes back, unknown fields included.
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
  const server = useServerError(state.form.setError)
  const [checking, setChecking] = useState(false)
  const [stale, setStale] = useState<Stale | null>(null)
  const title = base.subject?.trim() || `Event ${base.event_ID}`

  const save = (next: Event) =>
    update.mutateAsync(next).then(
      (saved) => {
        setStale(null)
        state.draft.clear()
        toast.success('Event saved', { description: saved.subject ?? `Event ${saved.event_ID}` })
        navigate(paths.events.detail(saved.event_ID))
      },
      (error: unknown) => {
        setStale(null)
        server.fail(error)
        toast.error('The event was not saved', { description: 'See the form for details.' })
      },
    )

  const onValid = async (values: EventFormValues) => {
    server.clear()
    setChecking(true)
    try {
      const current = await queryClient.fetchQuery({
        ...queries.detail(db, base.event_ID),
        staleTime: 0,
      })
      const mine = fromFormValues(values, current)
      if (isNewerOnService(base, current))
        setStale({ server: current, mine, changes: staleChanges(base, current, mine) })
      else await save(mine)
    } catch (error) {
      server.fail(error)
    } finally {
      setChecking(false)
    }
  }

  const reload = (latest: Event) => {
    setBase(latest)
    state.form.reset(toFormValues(latest))
    state.draft.clear()
    setStale(null)
    toast.info('Loaded the latest version', { description: 'Your changes were discarded.' })
  }

  return (
    <EventFormShell
      state={state}
      title={`Edit: ${title}`}
      description={`Event ${base.event_ID}. Saving sends the whole event back to the service.`}
      submitLabel="Save changes"
      pending={checking || update.isPending}
      serverError={server.error}
      serverDetails={server.details}
      cancelTo={paths.events.detail(base.event_ID)}
      priorities={priorities}
      onValid={(values) => void onValid(values)}
    >
      {stale && (
        <StaleEditDialog
          server={stale.server}
          changes={stale.changes}
          priorities={priorities}
          pending={update.isPending}
          onOverwrite={() => void save(stale.mine)}
          onReload={() => reload(stale.server)}
          onCancel={() => setStale(null)}
        />
      )}
    </EventFormShell>
  )
}
