import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import { ErrorPanel } from '@/components/errors/error-panel'
import { parseEventId } from '../event-id'
import { EventNotFound } from '../event-not-found'
import { useEventQueries } from '../queries'
import { useLookup } from '../use-lookup'
import { EventEditForm } from './event-edit-form'

/** `/events/:eventId/edit`: loads the event, then mounts the form with its values. */
export function EventEditPage({ eventId: param }: { eventId: string | undefined }) {
  const eventId = parseEventId(param)
  if (eventId === null) return <EventNotFound eventId={param} />
  return <EventEditLoader key={eventId} eventId={eventId} param={param} />
}

function EventEditLoader({ eventId, param }: { eventId: number; param: string | undefined }) {
  const queries = useEventQueries()
  const db = useDatabase()
  const query = useQuery(queries.detail(db, eventId))
  const priorities = useLookup('priorities')
  if (query.isPending)
    return (
      <p role="status" aria-busy="true">
        Loading event {eventId}…
      </p>
    )
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <EventNotFound eventId={param} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  return (
    <EventEditForm
      key={db}
      event={query.data}
      draftKey={`${db}.event.${eventId}`}
      priorities={priorities.data ?? []}
    />
  )
}
