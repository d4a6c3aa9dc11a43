import type { LoaderFunctionArgs } from 'react-router'
import { EventsListPage } from '@/features/events/list/events-list-page'
import { parseEventListSearch, toListParams } from '@/features/events/list/list-search'
import { asksServicePages } from '@/features/events/index/index-registry'
import { eventQueries } from '@/features/events/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader({ request }: LoaderFunctionArgs) {
  const db = currentDatabase()
  // Once the index holds every event, or where the console's server answers, the list is
  // answered from there: a filter change (a new address) asks the service nothing.
  if (!db || !asksServicePages(db)) return null
  const search = parseEventListSearch(new URL(request.url).searchParams)
  // Start the request with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(eventQueries(api).list(db, toListParams(search)))
  return null
}

export { onlyOnNewPath as shouldRevalidate } from './revalidate'

export function Component() {
  return <EventsListPage />
}
