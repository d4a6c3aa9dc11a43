import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import { ErrorPanel } from '@/components/errors/error-panel'
import { PageHeader } from '@/components/ui/page-header'
import { AdminOnlyNotice } from '../admin-only-notice'
import { useAdminQueries } from '../queries'
import { PasswordPolicyForm } from './password-policy-form'
import styles from './password-policy-page.module.css'
import { Skeleton } from '@/components/ui/skeleton'

/** Loads the policy; the form mounts only once it is here, with it as its default values. */
export function PasswordPolicyPage() {
  const queries = useAdminQueries()
  const db = useDatabase()
  const query = useQuery(queries.passwordPolicy(db))

  let body
  if (query.isPending) {
    body = (
      <div className={styles.loading} role="status">
        <span className="visually-hidden">Loading the password policy…</span>
        <Skeleton className={styles.skeleton} />
        <Skeleton className={styles.skeleton} />
        <Skeleton className={styles.skeleton} />
      </div>
    )
  } else if (query.isError) {
    const error = query.error
    body =
      error instanceof ApiError && error.status === 403 ? (
        <AdminOnlyNotice
          task="see or change the password policy"
          serviceMessage={error.message}
          activityId={error.activityId}
        />
      ) : (
        <ErrorPanel error={error} onRetry={() => void query.refetch()} />
      )
  } else {
    body = <PasswordPolicyForm key={db} policy={query.data} />
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Password policy"
        description="The rules every user's password must meet. A change applies the next time a password is set or changed."
      />
      {body}
    </div>
  )
}
