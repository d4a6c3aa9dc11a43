import { useEffect } from 'react'
import type { ApiClient } from '@/api/client'
import { getLookup } from '@/api/lookups'
import { z } from '@/api/schemas/zod'

/**
 * How often a visible tab asks the service whether its session still holds. A session an
 * administrator ended (or one signed out elsewhere) must stop showing member data within a few
 * seconds, even in a tab nobody touches: the answer 401 goes through the client's usual path (a
 * refresh, refused, then the password asked for over a page that is hidden meanwhile).
 */
export const SESSION_CHECK_MS = 4_000

/**
 * The question: with the console's own server there, its `session` route (it answers from what it
 * remembers of the token, learning of a sign-out or kick through the console at once, so the
 * service is not asked by every tab); without it, the cheapest read of the service, a short lookup
 * list.
 */
function askSession(api: ApiClient, consoleServer: string | undefined) {
  if (consoleServer === undefined) return getLookup(api, 'priorities')
  return api.at(consoleServer).request({
    name: 'checkSession',
    method: 'GET',
    path: 'session',
    schema: z.unknown(),
  })
}

/**
 * Checks the session while the tab is visible: every `SESSION_CHECK_MS`, and at once when the tab
 * is shown again. A hidden tab asks nothing (it shows nothing either).
 */
export function useSessionCheck(
  api: ApiClient,
  enabled: boolean,
  consoleServer: string | undefined,
) {
  useEffect(() => {
    if (!enabled) return
    let running = false
    const check = () => {
      if (document.visibilityState !== 'visible' || running) return
      running = true
      void askSession(api, consoleServer)
        .catch(() => undefined)
        .finally(() => (running = false))
    }
    const timer = setInterval(check, SESSION_CHECK_MS)
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
    }
  }, [api, enabled, consoleServer])
}
