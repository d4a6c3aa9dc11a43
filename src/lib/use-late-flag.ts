import { useEffect, useState } from 'react'

/**
 * `on`, but only once it has stayed on for `afterMs`; off at once. For a "busy" look (a disabled
 * control, `aria-busy`) that a quick answer should not flash on and off: a change the index
 * answers in a few milliseconds draws nothing but its result.
 */
export function useLateFlag(on: boolean, afterMs = 250): boolean {
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!on) return
    const timer = setTimeout(() => setLate(true), afterMs)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [on, afterMs])
  return on && late
}
