import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { describeError } from '@/components/errors/describe-error'
import { AUTH_NUMBER_PATTERN } from '../auth-fields'
import { useAuthQueries } from '../queries'
import { useRecentLookups } from '../recent-lookups'

export type LookupOutcome =
  | { kind: 'idle' }
  | { kind: 'pending'; authNumber: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'not-found'; authNumber: string }
  | { kind: 'failed'; title: string; message: string; activityId?: string | undefined }

/**
 * Looks an auth up by its number (`GET /auths/{authNumber}`, answer cached for the detail page)
 * and remembers the number when it was found.
 */
export function useAuthLookup(onFound: (authNumber: string) => void) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const { rememberNumber } = useRecentLookups()
  const [outcome, setOutcome] = useState<LookupOutcome>({ kind: 'idle' })

  const lookUp = async (input: string) => {
    const authNumber = input.trim()
    if (authNumber === '') {
      setOutcome({ kind: 'invalid', message: 'Enter an auth number, such as 26-000123.' })
      return
    }
    if (!AUTH_NUMBER_PATTERN.test(authNumber)) {
      setOutcome({
        kind: 'invalid',
        message: 'Auth numbers have letters, digits, dots or dashes only, such as 26-000123.',
      })
      return
    }
    setOutcome({ kind: 'pending', authNumber })
    try {
      const auth = await queryClient.fetchQuery({
        ...queries.detail(db, authNumber),
        staleTime: 0,
      })
      const found = auth.auth_Number ?? authNumber
      rememberNumber(found)
      setOutcome({ kind: 'idle' })
      onFound(found)
    } catch (error) {
      // It exists but fails the contract: its page shows what can be read (and offers Delete).
      if (error instanceof ResponseShapeError) {
        rememberNumber(authNumber)
        setOutcome({ kind: 'idle' })
        onFound(authNumber)
      } else if (error instanceof ApiError && error.status === 404)
        setOutcome({ kind: 'not-found', authNumber })
      else setOutcome({ kind: 'failed', ...describeError(error) })
    }
  }

  return { outcome, lookUp, reset: () => setOutcome({ kind: 'idle' }) }
}

/** What the service says of an auth number: being asked, there, not there, or no answer. */
export type AuthCheck = 'checking' | 'found' | 'not-found' | 'unknown'

/**
 * Whether the auth `authNumber` exists, asked of the service (`GET /auths/{authNumber}`, the
 * detail's query, so its page opens from the cache) once the number has stayed the same for
 * `settleMs`, so typing one does not ask for every prefix. Null when there is no number.
 */
export function useAuthCheck(authNumber: string | null, settleMs = 250): AuthCheck | null {
  const queries = useAuthQueries()
  const db = useDatabase()
  const [settled, setSettled] = useState(authNumber)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(authNumber), settleMs)
    return () => clearTimeout(timer)
  }, [authNumber, settleMs])
  const asking = authNumber !== null && settled === authNumber
  const check = useQuery({
    ...queries.detail(db, authNumber ?? ''),
    enabled: asking,
    // The lookup asks again, with retries, when the number is opened.
    retry: false,
    throwOnError: false,
    staleTime: 30_000,
  })
  if (authNumber === null) return null
  if (check.isSuccess) return 'found'
  if (!asking || check.isPending || check.isFetching) return 'checking'
  // It exists but fails the contract: its page shows what can be read.
  if (check.error instanceof ResponseShapeError) return 'found'
  if (check.error instanceof ApiError && check.error.status === 404) return 'not-found'
  return 'unknown'
}
