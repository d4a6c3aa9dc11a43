import { useCallback, useEffect, useRef } from 'react'

/**
 * The shared Dialog leaves the page when it closes, and focus with it (to the body). This puts
 * focus where the caller says once the dialog has gone: call the returned function with what to
 * focus before closing it.
 */
export function useFocusAfterClose(open: boolean) {
  const next = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (open || !next.current) return
    const focus = next.current
    next.current = null
    focus()
  }, [open])
  return useCallback((focus: () => void) => {
    next.current = focus
  }, [])
}
