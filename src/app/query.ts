import { ApiError } from '@/api/errors'
import { createQueryClient, pinFirstFetch, purgeQueryClient } from '@/api/query-client'
import { toast, toastQueue } from '@/components/ui/toast'
import { sessionStore } from './app-state'

/**
 * The query cache of the signed-in app, built here once with its handlers. Imported only by
 * lazily loaded modules, so React Query is not part of the JavaScript needed to show the sign-in
 * page.
 */
pinFirstFetch()
export const queryClient = createQueryClient({
  onQueryError: (error, query) => {
    // A 401 reaches here only when re-authentication was abandoned: the session is over.
    if (error instanceof ApiError && error.status === 401) return
    // A failed background refetch keeps the data on screen; say that it may be stale.
    if (query.state.data !== undefined)
      toast.error('Could not refresh data', { description: error.message })
  },
})

// Signed out or locked (here or in another tab): no member data stays in memory, not even in a
// toast.
sessionStore.subscribe(() => {
  if (sessionStore.get() && !sessionStore.status().locked) return
  purgeQueryClient(queryClient)
  toastQueue.clear()
})

/** The database requests go to now, or '' when signed out or locked (nothing is fetched then). */
export const currentDatabase = () =>
  sessionStore.status().locked ? '' : (sessionStore.get()?.database ?? '')
