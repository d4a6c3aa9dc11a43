import { useEffect, useState } from 'react'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { ApiError, ResponseShapeError } from './errors'

/** What the service says of a record typed in search: being asked, there, not there, no answer. */
export type RecordCheck = 'checking' | 'found' | 'not-found' | 'unknown'

/**
 * Whether a record exists, asked of the service with its detail query (so its page opens from
 * the cache) once what was typed has stayed the same for `settleMs`: typing a number does not
 * ask for every prefix. Null when nothing names a record. One that exists but fails the contract
 * is found (its page shows what can be read).
 */
export function useRecordCheck<T, K extends QueryKey>(
  typed: string | number | null,
  options: UseQueryOptions<T, Error, T, K>,
  settleMs = 250,
): RecordCheck | null {
  const [settled, setSettled] = useState(typed)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), settleMs)
    return () => clearTimeout(timer)
  }, [typed, settleMs])
  const asking = typed !== null && settled === typed
  const check = useQuery({
    ...options,
    enabled: asking,
    // Opening it asks again, with retries.
    retry: false,
    throwOnError: false,
    staleTime: 30_000,
  })
  if (typed === null) return null
  if (check.isSuccess) return 'found'
  if (!asking || check.isPending || check.isFetching) return 'checking'
  if (check.error instanceof ResponseShapeError) return 'found'
  if (check.error instanceof ApiError && check.error.status === 404) return 'not-found'
  return 'unknown'
}
