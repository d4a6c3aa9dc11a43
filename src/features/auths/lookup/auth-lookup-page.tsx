import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { useCan } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { AuthLookupForm } from './auth-lookup-form'
import { RecentLookupsList } from './recent-lookups-list'
import styles from './lookup.module.css'

/**
 * The Auths page: find an auth by number, work through the auths in one's work (`work`, composed
 * by the route from the events that name auths), return to recent ones, or add new ones.
 */
export function AuthLookupPage({ work }: { work?: ReactNode }) {
  const navigate = useNavigate()
  const db = useDatabase()
  const canChange = useCan('changeAuths')
  return (
    <div className={styles.page}>
      <PageHeader
        title="Auths"
        description={`Authorizations in the ${db} database: look one up by its number${canChange ? ', or add new ones' : ''}.`}
        actions={
          canChange && (
            <>
              <ButtonLink to={paths.auths.import()}>Import auths</ButtonLink>
              <ButtonLink to={paths.auths.create()} variant="primary">
                New auth
              </ButtonLink>
            </>
          )
        }
      />
      <section className={styles.card} aria-labelledby="lookup-heading">
        <h2 id="lookup-heading" className={styles.cardTitle}>
          Find an auth
        </h2>
        <AuthLookupForm size="large" autoFocus onFound={(n) => navigate(paths.auths.detail(n))} />
        <p className={styles.muted}>
          From any page, press <kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>K</kbd> to look up an auth.
        </p>
      </section>
      {work}
      <section className={styles.card} aria-labelledby="recent-heading">
        <h2 id="recent-heading" className={styles.cardTitle}>
          Recent lookups
        </h2>
        <RecentLookupsList clearable />
      </section>
    </div>
  )
}
