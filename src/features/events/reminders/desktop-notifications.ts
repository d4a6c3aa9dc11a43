import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { Event } from '@/api/schemas/event'

/** The user's choice, for this tab only (sessionStorage), as the house rules ask. */
const KEY = 'bac.reminders.desktop'
const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'on'
  } catch {
    return false
  }
}

function write(on: boolean) {
  try {
    if (on) sessionStorage.setItem(KEY, 'on')
    else sessionStorage.removeItem(KEY)
  } catch {
    // storage unavailable: the choice lasts until reload
  }
  listeners.forEach((l) => l())
}

const supported = () => typeof window !== 'undefined' && 'Notification' in window
const granted = () => supported() && Notification.permission === 'granted'

/** Whether desktop notifications are on (chosen in this tab and allowed by the browser). */
export function useDesktopNotificationsOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => read() && granted(),
  )
}

export type EnableResult = 'on' | 'unsupported' | 'denied'

/** Turns notifications on, asking the browser's permission only now, when the user asks. */
export async function enableDesktopNotifications(): Promise<EnableResult> {
  if (!supported()) return 'unsupported'
  let permission = Notification.permission
  if (permission === 'default') permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'denied'
  write(true)
  return 'on'
}

export const disableDesktopNotifications = () => write(false)

/**
 * Shows a desktop notification when reminders become due while the console is not in front. It
 * names only how many (no subjects: the notification may show on a locked screen). Reminders
 * already due when this starts are not announced.
 */
export function useDesktopNotifier(due: readonly Event[], enabled: boolean) {
  const seen = useRef<Set<string> | null>(null)
  useEffect(() => {
    const keys = due.map((e) => `${e.event_ID}@${e.next_Scheduled_Date ?? ''}`)
    const known = seen.current
    seen.current = new Set(keys)
    if (!known || !enabled || !granted()) return
    const fresh = keys.filter((k) => !known.has(k)).length
    if (fresh === 0 || (document.visibilityState === 'visible' && document.hasFocus())) return
    const notification = new Notification(
      fresh === 1 ? 'A reminder is due' : `${fresh} reminders are due`,
      {
        body: 'Open the Benefits Admin Console to see them.',
        tag: 'bac-reminders',
      },
    )
    notification.onclick = () => {
      window.focus()
      notification.close()
    }
  }, [due, enabled])
}
