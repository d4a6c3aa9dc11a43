import { lookupQueries } from '@/api/lookups'
import { EventCreatePage } from '@/features/events/form/event-create-page'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader() {
  const db = currentDatabase()
  if (db) void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

export function Component() {
  return <EventCreatePage />
}
