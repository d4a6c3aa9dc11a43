import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { knownAuths, searchKnownAuths } from '../known-auths'
import { decisionClock } from '../model/decision-clock'
import { clockText, leftText } from './clock-text'
import { useAuthQueries } from '../queries'
import { useClockNow, useDecisionRules } from './use-decision-clock'

/**
 * The decision clocks of these auths in words ("due in 1 day", "overdue by 2 days"), for places
 * that show an auth as text (search everywhere); read in the background, none for a decided auth
 * or one not (yet) read.
 */
export function useAuthClockTexts(authNumbers: readonly string[]): Map<string, string> {
  const queries = useAuthQueries()
  const db = useDatabase()
  const rules = useDecisionRules()
  const now = useClockNow()
  const answers = useQueries({
    queries: authNumbers.map((n) => ({
      ...queries.detail(db, n),
      staleTime: 60_000,
      retry: false,
      throwOnError: false,
    })),
  })
  const texts = new Map<string, string>()
  answers.forEach((answer, i) => {
    if (!answer.data) return
    const clock = decisionClock(answer.data, rules, now)
    if (clock.kind === 'running')
      texts.set(authNumbers[i]!, clock.left < 0 ? leftText(clock) : `due ${leftText(clock)}`)
  })
  return texts
}

/**
 * The auths the console knows of whose member, provider, status or number hold every word of
 * `text` (at most `limit`), each with a line to show and its clock: for search everywhere.
 */
export function useKnownAuthMatches(text: string, limit = 5) {
  const queryClient = useQueryClient()
  const db = useDatabase()
  const rules = useDecisionRules()
  const now = useClockNow()
  if (text.trim().length < 2 || !/[a-z]/i.test(text)) return []
  return searchKnownAuths(knownAuths(queryClient, db), text)
    .slice(0, limit)
    .map(({ auth, vba }) => {
      const clock = decisionClock(auth, rules, now)
      const member = [vba?.member_First_Name, vba?.member_Last_Name].filter(Boolean).join(' ')
      return {
        authNumber: auth.auth_Number ?? '',
        detail: [
          member || auth.subscriber_ID,
          vba?.provider_Org_Name || auth.provider_ID,
          auth.status,
          clock.kind === 'running' ? clockText(clock) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      }
    })
}
