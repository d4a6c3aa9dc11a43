import { useParams, type LoaderFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { AuthNumberClock } from '@/features/auths/clock/auth-number-clock'
import { AuthReferenceAddon } from '@/features/events/detail/auth-reference'
import { EventDetailPage } from '@/features/events/detail/event-detail-page'
import { parseEventId } from '@/features/events/event-id'
import { eventQueries } from '@/features/events/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'
import { eventTitle } from '../record-titles'

export const handle: TitleHandle = { title: ({ eventId }) => eventTitle('Event', eventId) }

export function loader({ params }: LoaderFunctionArgs) {
  const db = currentDatabase()
  const eventId = parseEventId(params.eventId)
  if (!db || eventId === null) return null
  // Start the requests with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(eventQueries(api).detail(db, eventId))
  void queryClient.prefetchQuery(eventQueries(api).schedules(db, eventId))
  void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

export function Component() {
  const { eventId } = useParams()
  return (
    // Each auth the event's text links to carries its decision clock.
    <AuthReferenceAddon value={AuthNumberClock}>
      <EventDetailPage key={eventId} eventId={eventId} />
    </AuthReferenceAddon>
  )
}
