import { ApiError } from '@/api/errors'
import { createQueryClient } from '@/api/query-client'
import { sessionStore } from './app-state'

/**
 * The query cache of the signed-in app. Imported only by lazily loaded modules, so React Query is
 * not part of the JavaScript needed to show the sign-in page.
 */
export const queryClient = createQueryClient()

// A 401 from any read ends the local session; the guard then asks the user to sign in again.
queryClient.getQueryCache().config.onError = (error) => {
  if (error instanceof ApiError && error.status === 401) {
    queryClient.clear()
    sessionStore.signOut('expired')
  }
}

/** The database requests go to now, or '' when signed out. */
export const currentDatabase = () => sessionStore.get()?.database ?? ''
