import { lookupNames, lookupQueries } from '@/api/lookups'
import { ReferencePage } from '@/features/reference/reference-page'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader() {
  const db = currentDatabase()
  if (!db) return null
  // Start every list with the route; each section shows skeletons until its own answer arrives.
  for (const name of lookupNames) void queryClient.prefetchQuery(lookupQueries(api).list(db, name))
  return null
}

export function Component() {
  return <ReferencePage />
}
