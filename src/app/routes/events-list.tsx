import type { LoaderFunctionArgs } from 'react-router'
import { EventsListPage } from '@/features/events/list/events-list-page'
import { parseEventListSearch, toListParams } from '@/features/events/list/list-search'
import { eventQueries } from '@/features/events/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Events' }

export function loader({ request }: LoaderFunctionArgs) {
  const db = currentDatabase()
  if (!db) return null
  const search = parseEventListSearch(new URL(request.url).searchParams)
  // Start the request with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(eventQueries(api).list(db, toListParams(search)))
  return null
}

export function Component() {
  return <EventsListPage />
}
