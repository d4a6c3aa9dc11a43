import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * A handler that keeps its identity across renders and always calls the latest `fn`: what a
 * memoised child (the list's filter bar, the calendar's grid) is given, so the page's renders do
 * not redraw it.
 */
export function useHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn)
  useLayoutEffect(() => {
    latest.current = fn
  })
  return useCallback((...args: A) => latest.current(...args), [])
}
