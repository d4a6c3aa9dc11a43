import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { type LookupName, useLookupQueries } from '@/api/lookups'

/**
 * A lookup list of the current database (cached for an hour, shared by every component). Never
 * thrown to the route's boundary: the lists dress a page up, their absence does not break it.
 */
export function useLookup<N extends LookupName>(name: N) {
  const queries = useLookupQueries()
  const db = useDatabase()
  return useQuery({ ...queries.list(db, name), throwOnError: false })
}
