import { useEffect } from 'react'

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const

/** Calls `onIdle` after `minutes` without keyboard, pointer or scroll activity. */
export function useIdleTimer(minutes: number, onIdle: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !(minutes > 0)) return
    const ms = minutes * 60_000
    let last = Date.now()
    const mark = () => {
      last = Date.now()
    }
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
      ACTIVITY.forEach((type) => window.removeEventListener(type, mark))
    }
  }, [minutes, onIdle, enabled])
}
