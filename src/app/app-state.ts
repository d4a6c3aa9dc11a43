import { createApiClient } from '@/api/client'
import { createSessionStore } from '@/features/session/session-store'

/** The session of this tab and the service client that reads it on every request. */
export const sessionStore = createSessionStore()
export const api = createApiClient(() => sessionStore.connection())
