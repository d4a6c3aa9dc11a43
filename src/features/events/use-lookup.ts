import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { lookupQueries, type LookupName } from '@/api/lookups'

/**
 * A lookup list of the current database (cached for an hour, shared by every component). Never
 * thrown to the route's boundary: the lists dress a page up, their absence does not break it.
 */
export function useLookup<N extends LookupName>(name: N) {
  const api = useApi()
  const db = useDatabase()
  return useQuery({ ...lookupQueries.list(api, db, name), throwOnError: false })
}
