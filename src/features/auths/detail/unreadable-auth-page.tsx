import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { ErrorPanel } from '@/components/errors/error-panel'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { useCan } from '@/lib/app-context'
import { AUDIT_FIELDS, AUTH_GROUPS } from '../auth-groups'
import { useAuthQueries } from '../queries'
import { AuthDetailSkeleton } from './auth-detail-skeleton'
import { AuthFieldList } from './auth-field-list'
import { AuthNotFound } from './auth-not-found'
import { DeleteAuthDialog } from './delete-auth-dialog'
import styles from './detail.module.css'

/**
 * An auth the service sent that fails the contract, read again leniently: the fields
 * that pass, shown as text; those that do not, named in a banner (never their values); Delete
 * for those who may. Edit, Adjust and Change status are not offered: each sends the auth back or
 * builds on fields the console could not read.
 */
export function UnreadableAuthPage({ authNumber }: { authNumber: string }) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const canChange = useCan('changeAuths')
  const [deleting, setDeleting] = useState(false)
  const query = useQuery({ ...queries.readable(db, authNumber), throwOnError: false })
  if (query.isPending) return <AuthDetailSkeleton authNumber={authNumber} />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <AuthNotFound authNumber={authNumber} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  const { record, unreadable } = query.data
  const bad = new Set<string>(unreadable)
  const auth: Partial<Auth> = record
  const render = (field: string) =>
    bad.has(field) ? <span className={styles.unreadable}>Cannot be read</span> : undefined

  return (
    <div className={styles.page}>
      <PageHeader
        title={
          <>
            Auth <span className={styles.number}>{authNumber}</span>
          </>
        }
        description="Shown as far as the console can read it."
        actions={
          canChange && (
            <Button
              variant="ghost"
              className={styles.deleteButton}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )
        }
      />
      <div className={styles.unreadableBanner} role="alert">
        <p>
          <strong>
            This auth has fields the console cannot read:{' '}
            {(unreadable.length ? unreadable : ['(the record as a whole)']).join(', ')}.
          </strong>
        </p>
        <p>
          The service sent values there that the contract does not allow. Editing, adjusting and
          changing its status are turned off here: each would send back or build on what the console
          could not read. {canChange ? 'It can be deleted; t' : 'T'}o repair it, correct it in the
          service.
        </p>
      </div>
      <div className={styles.groups}>
        {AUTH_GROUPS.map((group) => (
          <AuthFieldList
            key={group.id}
            id={group.id}
            title={group.title}
            auth={auth}
            fields={group.fields}
            render={render}
          />
        ))}
        <AuthFieldList id="audit" title="Audit" auth={auth} fields={AUDIT_FIELDS} render={render} />
      </div>
      {deleting && (
        <DeleteAuthDialog authNumber={authNumber} open onClose={() => setDeleting(false)} />
      )}
    </div>
  )
}
