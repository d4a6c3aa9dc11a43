import { createApiClient } from '@/api/client'
import { createSessionController } from '@/features/session/session-controller'
import { createSessionStore } from '@/features/session/session-store'
import { yieldToPage } from '@/lib/yield-to-page'

/** The session of this tab, its lifecycle, and the service client that reads it per request. */
export const sessionStore = createSessionStore()
export const sessionController = createSessionController(sessionStore)

/**
 * The connection a request goes out with, read afresh each time. The idle deadline is checked
 * first: a request that would leave after it finds the console locked (no token) instead.
 */
function connection() {
  sessionController.checkIdle()
  return sessionStore.connection()
}

export const api = createApiClient(connection, {
  // Any 401: refresh or ask for the password over the current page, then retry the request.
  onUnauthorized: () => sessionController.handleUnauthorized(),
  // A long list (a busy user's thousands of active events) is validated in slices.
  pause: yieldToPage,
})

/**
 * What the event index's worker needs of the session: its connection, and 401s answered quietly
 * (background work never asks for the password; it waits for the user's own sign-in).
 */
export const indexSource = {
  connection,
  reauthenticate: () => sessionController.handleUnauthorizedQuietly(),
}
