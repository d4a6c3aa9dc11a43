import { useParams, type LoaderFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { RecordPresence } from '@/components/record-presence/record-presence'
import { parseEventId } from '@/features/events/event-id'
import { EventEditPage } from '@/features/events/form/event-edit-page'
import { eventQueries } from '@/features/events/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'
import { eventTitle } from '../record-titles'

export const handle: TitleHandle = {
  title: ({ eventId }) => eventTitle('Edit event', eventId),
}

export function loader({ params }: LoaderFunctionArgs) {
  const db = currentDatabase()
  const eventId = parseEventId(params.eventId)
  if (!db || eventId === null) return null
  void queryClient.prefetchQuery(eventQueries(api).detail(db, eventId))
  void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

export function Component() {
  const { eventId } = useParams()
  const id = parseEventId(eventId)
  return (
    <>
      {/* Others see this edit, and someone already editing is asked about first. */}
      {id !== null && <RecordPresence key={`p${id}`} kind="event" id={String(id)} editing />}
      <EventEditPage key={eventId} eventId={eventId} />
    </>
  )
}
