import { useEffect } from 'react'
import { idlePassed, idleScope, markActive, setIdleLimit } from './idle-deadline'

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const
/** Activity moves the stored deadline, and tabs tell each other, at most this often. */
const SHARE_EVERY_MS = 5_000

/**
 * Calls `onIdle` after `minutes` without keyboard, pointer or scroll activity in any tab of the
 * console. The deadline is kept in storage (`idle-deadline.ts`), shared by the tabs and read by
 * the next page load, and tabs also tell each other over a BroadcastChannel (for a browser that
 * keeps no storage); working in one keeps the others of the same user and database open, and the lock, when it comes, locks
 * them all (see the session controller).
 */
export function useIdleTimer(minutes: number, onIdle: () => void, enabled: boolean) {
  useEffect(() => {
    setIdleLimit(minutes)
    if (!enabled || !(minutes > 0)) return
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('bac.activity')
    let shared = 0
    const mark = () => {
      const now = Date.now()
      // Activity after the deadline (before the next check noticed it) locks; it never revives.
      if (idlePassed(now)) return onIdle()
      if (now - shared < SHARE_EVERY_MS) return
      shared = now
      markActive(now)
      channel?.postMessage({ type: 'active', scope: idleScope() })
    }
    // Only a tab of the same user and database keeps this one open.
    channel?.addEventListener('message', (event: MessageEvent<{ scope?: unknown }>) => {
      if (event.data?.scope === idleScope() && idleScope() && !idlePassed()) markActive()
    })
    // Mounting is the user's doing (signing in, unlocking, loading a page before the deadline).
    mark()
    const check = () => {
      if (idlePassed()) onIdle()
    }
    // A coarse check copes with sleeping laptops and throttled background tabs; a page shown
    // again is checked at once.
    const interval = setInterval(check, Math.min(minutes * 60_000, 5_000))
    ACTIVITY.forEach((type) => window.addEventListener(type, mark, { passive: true }))
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(interval)
      channel?.close()
      ACTIVITY.forEach((type) => window.removeEventListener(type, mark))
      document.removeEventListener('visibilitychange', check)
    }
  }, [minutes, onIdle, enabled])
}
