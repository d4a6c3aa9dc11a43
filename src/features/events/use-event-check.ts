import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { useEventQueries } from './queries'

export type EventCheck = 'checking' | 'found' | 'not-found' | 'unknown'

/**
 * Whether an event ID typed in search exists, asked of the service once the typing settles: an
 * ID nobody has is not offered as "Open event". Null for no ID.
 */
export function useEventCheck(eventId: number | null, settleMs = 250): EventCheck | null {
  const queries = useEventQueries()
  const db = useDatabase()
  const [settled, setSettled] = useState(eventId)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(eventId), settleMs)
    return () => clearTimeout(timer)
  }, [eventId, settleMs])
  const asking = eventId !== null && settled === eventId
  const check = useQuery({
    ...queries.detail(db, eventId ?? 0),
    enabled: asking,
    retry: false,
    throwOnError: false,
    staleTime: 30_000,
  })
  if (eventId === null) return null
  if (check.isSuccess) return 'found'
  if (!asking || check.isPending || check.isFetching) return 'checking'
  // It exists but fails the contract: its page shows what can be read.
  if (check.error instanceof ResponseShapeError) return 'found'
  if (check.error instanceof ApiError && check.error.status === 404) return 'not-found'
  return 'unknown'
}
