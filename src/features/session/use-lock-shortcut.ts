import { useEffect } from 'react'

/**
 * Ctrl+Shift+L (⌘⇧L) locks the console at once, wherever focus is: staff step away from their
 * desk. Mounted only while signed in and unlocked.
 */
export function useLockShortcut(lock: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey) return
      if (!(event.ctrlKey || event.metaKey) || !event.shiftKey) return
      if (event.key.toLowerCase() !== 'l') return
      event.preventDefault()
      lock()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [lock])
}
