import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { shouldThrowToBoundary } from '@/api/query-client'
import { failedFields } from '@/api/records'
import { ErrorPanel } from '@/components/errors/error-panel'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { paths } from '@/lib/paths'
import { AuthDetailSkeleton } from '../detail/auth-detail-skeleton'
import { AuthNotFound } from '../detail/auth-not-found'
import { useAuthQueries } from '../queries'
import { AuthForm } from './auth-form'

/** Loads the auth, then mounts the form with it (the form keeps the version it loaded). */
export function AuthEditPage({ authNumber }: { authNumber: string }) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const query = useQuery({
    ...queries.detail(db, authNumber),
    // An auth that fails the contract is refused here, in words, not by the error boundary.
    throwOnError: (error, q) =>
      !(error instanceof ResponseShapeError) &&
      shouldThrowToBoundary(error, q.state.data !== undefined),
  })
  // Mount the form with the auth as it is now, not an older cached copy: saving compares against it.
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount))
    return <AuthDetailSkeleton authNumber={authNumber} />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <AuthNotFound authNumber={authNumber} />
    if (query.error instanceof ResponseShapeError)
      return <NotEditable authNumber={authNumber} fields={failedFields(query.error.issues)} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  return <AuthForm auth={query.data} />
}

/**
 * An auth with fields the console cannot read is not edited: a save sends the whole auth, and
 * what could not be read would be overwritten (or refused). Its page shows what can be read.
 */
function NotEditable({ authNumber, fields }: { authNumber: string; fields: string[] }) {
  return (
    <PageHeader
      title="This auth cannot be edited here"
      description={`Auth ${authNumber} has fields the console cannot read${fields.length ? `: ${fields.join(', ')}` : ''}. Saving the form sends the whole auth back and would overwrite them, so editing is turned off. Correct it in the service, or delete it from its page.`}
      actions={
        <ButtonLink to={paths.auths.detail(authNumber)} variant="primary">
          Open auth {authNumber}
        </ButtonLink>
      }
    />
  )
}
