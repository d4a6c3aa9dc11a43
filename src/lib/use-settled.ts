import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same (by `key`) for `afterMs`; the first value at once. What a
 * view asks for beside its main answer (a list's notes and presence, say) then waits for typing
 * to pause instead of being asked, and drawn, at every keystroke.
 */
export function useSettled<T>(value: T, key: string, afterMs = 300): T {
  const [settled, setSettled] = useState({ key, value })
  useEffect(() => {
    if (key === settled.key) return
    const timer = setTimeout(() => setSettled({ key, value }), afterMs)
    return () => clearTimeout(timer)
    // `key` stands for the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, afterMs, settled.key])
  return settled.value
}
