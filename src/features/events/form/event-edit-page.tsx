import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { shouldThrowToBoundary } from '@/api/query-client'
import { failedFields } from '@/api/records'
import { ErrorPanel } from '@/components/errors/error-panel'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { paths } from '@/lib/paths'
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
  const query = useQuery({
    ...queries.detail(db, eventId),
    // An event that fails the contract is refused here, in words, not by the error boundary.
    throwOnError: (error, q) =>
      !(error instanceof ResponseShapeError) &&
      shouldThrowToBoundary(error, q.state.data !== undefined),
  })
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
    if (query.error instanceof ResponseShapeError)
      return <NotEditable eventId={eventId} fields={failedFields(query.error.issues)} />
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

/**
 * An event with fields the console cannot read is not edited: a save sends the whole event, and
 * what could not be read would be overwritten (or refused by the service). Its page shows what
 * can be read and offers Delete.
 */
function NotEditable({ eventId, fields }: { eventId: number; fields: string[] }) {
  return (
    <div>
      <PageHeader
        title="This event cannot be edited here"
        description={`Event ${eventId} has fields the console cannot read${fields.length ? `: ${fields.join(', ')}` : ''}. Saving the form sends the whole event back and would overwrite them, so editing is turned off. Correct it in the service, or delete it from its page.`}
        actions={
          <ButtonLink to={paths.events.detail(eventId)} variant="primary">
            Open event {eventId}
          </ButtonLink>
        }
      />
    </div>
  )
}
