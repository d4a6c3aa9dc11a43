import { useEffect, useState } from 'react'

/** The current time, updated every `intervalMs` (default a minute), for "overdue" and "due". */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(id)
  }, [intervalMs])
  return now
}
