import { useEffect } from 'react'

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const
/** Tabs tell each other about activity at most this often. */
const SHARE_EVERY_MS = 5_000

/**
 * Calls `onIdle` after `minutes` without keyboard, pointer or scroll activity in any tab of the
 * console: tabs share one idle clock over a BroadcastChannel, so working in one keeps the others
 * open (and the lock, when it comes, locks them all; see the session controller).
 */
export function useIdleTimer(minutes: number, onIdle: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !(minutes > 0)) return
    const ms = minutes * 60_000
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('bac.activity')
    let last = Date.now()
    let shared = 0
    const mark = () => {
      last = Date.now()
      if (last - shared < SHARE_EVERY_MS) return
      shared = last
      channel?.postMessage('active')
    }
    channel?.addEventListener('message', () => {
      last = Date.now()
    })
    // A coarse check copes with sleeping laptops and throttled background tabs.
    const interval = setInterval(
      () => {
        if (Date.now() - last >= ms) onIdle()
      },
      Math.min(ms, 5_000),
    )
    ACTIVITY.forEach((type) => window.addEventListener(type, mark, { passive: true }))
    return () => {
      clearInterval(interval)
      channel?.close()
      ACTIVITY.forEach((type) => window.removeEventListener(type, mark))
    }
  }, [minutes, onIdle, enabled])
}
