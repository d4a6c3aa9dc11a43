import { useRecordCheck, type RecordCheck } from '@/api/use-record-check'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { describeError } from '@/components/errors/describe-error'
import { authNumberCandidates } from '../auth-number'
import { knownAuths, searchKnownAuths, type KnownAuth } from '../known-auths'
import { useAuthQueries } from '../queries'
import { useRecentLookups } from '../recent-lookups'

export type LookupOutcome =
  | { kind: 'idle' }
  | { kind: 'pending'; authNumber: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'not-found'; authNumber: string }
  | { kind: 'failed'; title: string; message: string; activityId?: string | undefined }
  /** Not a number: the auths the console knows of whose member, provider or status match. */
  | { kind: 'matches'; text: string; matches: KnownAuth[] }

/**
 * Looks an auth up by its number, with or without its dash (`GET /auths/{authNumber}`, answer
 * cached for the detail page), and remembers the number when it was found. Text that is not a
 * number is looked for among the auths the console knows of (member, provider, status).
 */
export function useAuthLookup(onFound: (authNumber: string) => void) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const { rememberNumber } = useRecentLookups()
  const [outcome, setOutcome] = useState<LookupOutcome>({ kind: 'idle' })

  const found = (authNumber: string) => {
    rememberNumber(authNumber)
    setOutcome({ kind: 'idle' })
    onFound(authNumber)
  }

  const lookUp = async (input: string) => {
    const text = input.trim()
    if (text === '') {
      setOutcome({ kind: 'invalid', message: 'Enter an auth number, such as 26-000123.' })
      return
    }
    const candidates = authNumberCandidates(text)
    if (candidates.length === 0) {
      if (/[a-z]/i.test(text)) {
        const matches = searchKnownAuths(knownAuths(queryClient, db), text)
        if (matches.length > 0) {
          setOutcome({ kind: 'matches', text, matches })
          return
        }
      }
      setOutcome({
        kind: 'invalid',
        message: /[a-z]/i.test(text)
          ? `No auth the console knows of matches “${text}”. Auth numbers have letters, digits, dots or dashes only, such as 26-000123.`
          : 'Auth numbers have letters, digits, dots or dashes only, such as 26-000123.',
      })
      return
    }
    const [first] = candidates as [string, ...string[]]
    setOutcome({ kind: 'pending', authNumber: first })
    for (const authNumber of candidates) {
      try {
        const auth = await queryClient.fetchQuery({
          ...queries.detail(db, authNumber),
          staleTime: 0,
        })
        found(auth.auth_Number ?? authNumber)
        return
      } catch (error) {
        // It exists but fails the contract: its page shows what can be read (and offers Delete).
        if (error instanceof ResponseShapeError) {
          found(authNumber)
          return
        }
        if (error instanceof ApiError && error.status === 404) continue
        setOutcome({ kind: 'failed', ...describeError(error) })
        return
      }
    }
    setOutcome({ kind: 'not-found', authNumber: first })
  }

  return { outcome, lookUp, reset: () => setOutcome({ kind: 'idle' }) }
}

/** What the service says of an auth number: being asked, there, not there, or no answer. */
export type AuthCheck = RecordCheck

/**
 * Whether the auth `authNumber` exists, asked of the service (`GET /auths/{authNumber}`, the
 * detail's query) once the number has settled (`useRecordCheck`). Null when there is no number.
 */
export function useAuthCheck(authNumber: string | null, settleMs = 250): AuthCheck | null {
  const queries = useAuthQueries()
  const db = useDatabase()
  return useRecordCheck(authNumber, queries.detail(db, authNumber ?? ''), settleMs)
}
