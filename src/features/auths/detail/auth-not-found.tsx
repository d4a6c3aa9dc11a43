import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { paths } from '@/lib/paths'
import { AuthLookupForm } from '../lookup/auth-lookup-form'
import { useRecentLookups } from '../recent-lookups'
import styles from './detail.module.css'

/** The number in the address names no auth: say so, and offer another lookup. */
export function AuthNotFound({ authNumber }: { authNumber: string }) {
  const db = useDatabase()
  const navigate = useNavigate()
  const { forgetNumber } = useRecentLookups()
  useEffect(() => forgetNumber(authNumber), [authNumber, forgetNumber])
  return (
    <div className={styles.page}>
      <PageHeader
        title={`Auth ${authNumber} not found`}
        description={`There is no auth with this number in the ${db} database. It may have been deleted, or the number mistyped.`}
        actions={<ButtonLink to={paths.auths.lookup()}>All auth tools</ButtonLink>}
      />
      <section className={styles.section} aria-label="Look up another auth">
        <AuthLookupForm size="large" autoFocus onFound={(n) => navigate(paths.auths.detail(n))} />
      </section>
    </div>
  )
}
