import { useEffect } from 'react'
import type { ApiClient } from '@/api/client'
import { getLookup } from '@/api/lookups'

/**
 * How often a visible tab asks the service whether its session still holds. A session an
 * administrator ended (or one signed out elsewhere) must stop showing member data within a few
 * seconds, even in a tab nobody touches: the answer 401 goes through the client's usual path (a
 * refresh, refused, then the password asked for over a page that is hidden meanwhile).
 */
export const SESSION_CHECK_MS = 4_000

/**
 * Checks the session while the tab is visible: every `SESSION_CHECK_MS`, and at once when the tab
 * is shown again. A hidden tab asks nothing (it shows nothing either); the cheapest read, a short
 * lookup list, is the question.
 */
export function useSessionCheck(api: ApiClient, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    let running = false
    const check = () => {
      if (document.visibilityState !== 'visible' || running) return
      running = true
      void getLookup(api, 'priorities')
        .catch(() => undefined)
        .finally(() => (running = false))
    }
    const timer = setInterval(check, SESSION_CHECK_MS)
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
    }
  }, [api, enabled])
}
