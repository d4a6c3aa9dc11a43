import { createApiClient } from '@/api/client'
import { createSessionController } from '@/features/session/session-controller'
import { createSessionStore } from '@/features/session/session-store'

/** The session of this tab, its lifecycle, and the service client that reads it per request. */
export const sessionStore = createSessionStore()
export const sessionController = createSessionController(sessionStore)
export const api = createApiClient(() => sessionStore.connection(), {
  // Any 401: refresh or ask for the password over the current page, then retry the request.
  onUnauthorized: () => sessionController.handleUnauthorized(),
})

/**
 * What the event index's worker needs of the session: its connection, and 401s answered quietly
 * (background work never asks for the password; it waits for the user's own sign-in).
 */
export const indexSource = {
  connection: () => sessionStore.connection(),
  reauthenticate: () => sessionController.handleUnauthorizedQuietly(),
}
