import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import { ErrorPanel } from '@/components/errors/error-panel'
import { AuthDetailSkeleton } from '../detail/auth-detail-skeleton'
import { AuthNotFound } from '../detail/auth-not-found'
import { useAuthQueries } from '../queries'
import { AuthForm } from './auth-form'

/** Loads the auth, then mounts the form with it (the form keeps the version it loaded). */
export function AuthEditPage({ authNumber }: { authNumber: string }) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const query = useQuery(queries.detail(db, authNumber))
  // Mount the form with the auth as it is now, not an older cached copy: saving compares against it.
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount))
    return <AuthDetailSkeleton authNumber={authNumber} />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <AuthNotFound authNumber={authNumber} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  return <AuthForm auth={query.data} />
}
