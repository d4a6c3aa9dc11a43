import { Fragment } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { formatDisplayDate } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import type { AuthVba } from '@/api/schemas/auth-vba'
import { paths } from '@/lib/paths'
import { knownAuths } from '../known-auths'
import styles from './detail.module.css'
import { Skeleton } from '@/components/ui/skeleton'

interface AuthPeopleProps {
  auth: Auth
  vba: AuthVba | undefined
  /** Whether the custom-field view is still loading, or failed. */
  vbaState: 'pending' | 'error' | 'success'
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ')

const times = (n: number) => (n === 1 ? 'once' : `${n} times`)

/** Member, provider and linked auths, from the custom-field view (`/auths-vba`). */
export function AuthPeople({ auth, vba, vbaState }: AuthPeopleProps) {
  const memberName = fullName(vba?.member_First_Name, vba?.member_Last_Name)
  const providerName =
    vba?.provider_Org_Name || fullName(vba?.provider_First_Name, vba?.provider_Last_Name)
  const unknown =
    vbaState === 'pending' ? (
      <>
        <Skeleton as="span" className={styles.skeletonText} />
        <span className="visually-hidden">Loading</span>
      </>
    ) : (
      <span className={styles.muted}>Name not available</span>
    )
  const adjustments = vba?.auth_Adjust_Count ?? 0
  // The service counts the adjustments but does not name them: those the console has read
  // (made here, or opened) are linked.
  const queryClient = useQueryClient()
  const db = useDatabase()
  const adjustedBy =
    adjustments > 0
      ? knownAuths(queryClient, db)
          .map((k) => k.auth)
          .filter((a) => a.previous_Auth === auth.auth_Number && a.auth_Number)
          .map((a) => a.auth_Number as string)
          .sort()
      : []
  const references = vba?.auth_Ref_Count ?? 0

  return (
    <div className={styles.people}>
      <section className={styles.panel} aria-labelledby="member-heading">
        <h2 id="member-heading" className={styles.panelLabel}>
          Member
        </h2>
        <p className={styles.name}>
          {memberName || unknown}
          {vba?.member_VIP_Flag && <span className={styles.vip}>VIP</span>}
        </p>
        <p className={styles.line}>
          {vba?.member_Birth_Date && <>Born {formatDisplayDate(vba.member_Birth_Date)} · </>}
          Subscriber {auth.subscriber_ID ?? '—'}
          {auth.member_Seq && <> · member {auth.member_Seq}</>}
        </p>
        <p className={styles.line}>{[auth.plan_ID, auth.region].filter(Boolean).join(' · ')}</p>
      </section>
      <section className={styles.panel} aria-labelledby="provider-heading">
        <h2 id="provider-heading" className={styles.panelLabel}>
          Provider
        </h2>
        <p className={styles.name}>{providerName || unknown}</p>
        <p className={styles.line}>
          {[
            vba?.provider_Type,
            auth.provider_ID,
            vba?.provider_Entity_ID && `NPI ${vba.provider_Entity_ID}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className={styles.line}>
          {vba?.payee_Name && <>Pays {vba.payee_Name} · </>}
          Ordered by {auth.ordered_By_Name ?? '—'}
        </p>
      </section>
      <section className={styles.panel} aria-labelledby="linked-heading">
        <h2 id="linked-heading" className={styles.panelLabel}>
          Linked auths
        </h2>
        {auth.previous_Auth ? (
          <p className={styles.line}>
            Adjusts{' '}
            <Link to={paths.auths.detail(auth.previous_Auth)}>auth {auth.previous_Auth}</Link>
          </p>
        ) : (
          <p className={styles.line}>An original auth (not an adjustment)</p>
        )}
        <p className={styles.line}>
          {vbaState === 'success'
            ? adjustments > 0
              ? `Adjusted ${times(adjustments)}`
              : 'Not adjusted'
            : ''}
          {vbaState === 'success' && adjustedBy.length > 0 && (
            <>
              {' by '}
              {adjustedBy.map((n, i) => (
                <Fragment key={n}>
                  {i > 0 && ', '}
                  <Link to={paths.auths.detail(n)}>auth {n}</Link>
                </Fragment>
              ))}
            </>
          )}
          {vbaState === 'success' &&
            references > 0 &&
            ` · references ${references} auth${references === 1 ? '' : 's'}`}
        </p>
        {vbaState === 'error' && (
          <p className={styles.line} role="status">
            Names and counts could not be loaded.
          </p>
        )}
      </section>
    </div>
  )
}
