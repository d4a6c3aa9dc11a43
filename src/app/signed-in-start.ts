import { lookupQueries } from '@/api/lookups'
import { api } from './app-state'
import { currentDatabase, queryClient } from './query'

/**
 * What every signed-in page waits for, started as soon as the session is resumed rather than
 * once the signed-in layout's code has loaded and drawn: the priorities (the views ask the server
 * only with them known) and, where the server answers the views, its client's code.
 */
export function startSignedIn({ fromServer }: { fromServer: boolean }) {
  const db = currentDatabase()
  if (db) void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  if (fromServer) void import('@/features/events/index/server-index-client').catch(() => undefined)
}
