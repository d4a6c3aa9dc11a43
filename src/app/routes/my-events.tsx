import { useParams, type LoaderFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { MyEventsPage } from '@/features/events/my-events/my-events-page'
import { eventQueries } from '@/features/events/queries'
import { api, sessionStore } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = {
  title: ({ userId }) => (userId?.trim() ? `Queue of ${userId.trim()}` : 'My events'),
}

export function loader({ params }: LoaderFunctionArgs) {
  const db = currentDatabase()
  const userId = params.userId?.trim() || sessionStore.get()?.claims?.sub
  if (!db || !userId) return null
  // Start the requests with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(eventQueries(api).userEvents(db, userId))
  void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

export function Component() {
  const { userId } = useParams()
  return <MyEventsPage key={userId ?? ''} userId={userId} />
}
