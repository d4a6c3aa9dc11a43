import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { useAuthQueries } from '../queries'
import { DecisionClockChip } from './decision-clock-chip'
import { useDecisionClock } from './use-decision-clock'

/**
 * The decision clock of the auth with this number, beside a link to it (recent auths, links from
 * events): read from the service in the background; nothing while it loads, for a decided auth,
 * or for a number that names no auth.
 */
export function AuthNumberClock({ authNumber }: { authNumber: string }) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const query = useQuery({
    ...queries.detail(db, authNumber),
    staleTime: 60_000,
    retry: false,
    throwOnError: false,
  })
  const clock = useDecisionClock(query.data)
  return <DecisionClockChip clock={clock} />
}
