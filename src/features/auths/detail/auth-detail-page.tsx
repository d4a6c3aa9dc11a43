import { RecordPresence } from '@/components/record-presence/record-presence'
import { RecordNotes } from '@/components/record-notes/record-notes'
import { RecordHistory } from '@/components/record-history/record-history'
import { useEffect, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { shouldThrowToBoundary } from '@/api/query-client'
import { ErrorPanel } from '@/components/errors/error-panel'
import type { Auth } from '@/api/schemas/auth'
import { AdjustAuthDialog } from '../adjust/adjust-auth-dialog'
import { DecisionClockBanner } from '../clock/decision-clock-banner'
import { useDecisionClock } from '../clock/use-decision-clock'
import { codeStatusConflict, useAuthCodes } from '../auth-codes'
import { AUDIT_FIELDS, AUTH_GROUPS } from '../auth-groups'
import { paths } from '@/lib/paths'
import { useAuthQueries } from '../queries'
import { useRecentLookups } from '../recent-lookups'
import { ChangeStatusDialog } from '../status/change-status-dialog'
import { AuthDetailHeader, type DetailDialog } from './auth-detail-header'
import { AuthDecision } from './auth-decision'
import { AuthDetailSkeleton } from './auth-detail-skeleton'
import { AuthFieldList } from './auth-field-list'
import { AuthGlance } from './auth-glance'
import { AuthNotFound } from './auth-not-found'
import { AuthOtherFields } from './auth-other-fields'
import { AuthPeople } from './auth-people'
import { AuthPrintSummary } from './auth-print-summary'
import { AuthRangesTable } from './auth-ranges-table'
import { DeleteAuthDialog } from './delete-auth-dialog'
import { UnreadableAuthPage } from './unreadable-auth-page'
import styles from './detail.module.css'

/** What a page composing features adds about the auth (the events that mention it). */
export interface AuthRelated {
  auth: Auth
  /** When the decision is due, if its clock runs. */
  decisionDue: Date | null
}

interface AuthDetailPageProps {
  authNumber: string
  /** Rendered below the decision: what other features know of the auth. */
  related?: ((related: AuthRelated) => ReactNode) | undefined
}

/**
 * One auth (`GET /auths/{n}`) with its custom-field view (`GET /auths-vba/{n}`), and its actions;
 * its decision clock first.
 */
export function AuthDetailPage({ authNumber, related }: AuthDetailPageProps) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const detail = useQuery({
    ...queries.detail(db, authNumber),
    // An auth that fails the contract is this page's to show as far as it can be read.
    throwOnError: (error, q) =>
      !(error instanceof ResponseShapeError) &&
      shouldThrowToBoundary(error, q.state.data !== undefined),
  })
  // The names beside the auth: a failure shows as "Name not available", never replaces the page.
  const vba = useQuery({ ...queries.vba(db, authNumber), throwOnError: false })
  const [dialog, setDialog] = useState<DetailDialog | null>(null)
  const { rememberNumber, rememberCode } = useRecentLookups()
  const auth = detail.data
  const codes = useAuthCodes(db, [])
  const clock = useDecisionClock(auth)

  useEffect(() => {
    if (!auth) return
    rememberNumber(auth.auth_Number ?? authNumber)
    if (auth.auth_Code) rememberCode(auth.auth_Code)
  }, [auth, authNumber, rememberNumber, rememberCode])

  if (detail.isPending) return <AuthDetailSkeleton authNumber={authNumber} />
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return <AuthNotFound authNumber={authNumber} />
    if (detail.error instanceof ResponseShapeError)
      return <UnreadableAuthPage authNumber={authNumber} />
    return <ErrorPanel error={detail.error} onRetry={() => void detail.refetch()} />
  }
  const loaded = detail.data
  const close = () => setDialog(null)
  const conflict = codeStatusConflict(loaded, codes)

  return (
    <div className={styles.page}>
      <AuthDetailHeader authNumber={authNumber} auth={loaded} vba={vba.data} onOpen={setDialog} />
      <RecordPresence kind="auth" id={authNumber} />
      {clock && <DecisionClockBanner clock={clock} />}
      {conflict && (
        <p className={styles.conflictNote} role="note">
          <strong>Code and status disagree.</strong> {conflict} Use Change status to set both from
          one code.
        </p>
      )}
      {loaded.previous_Auth && (
        <p className={styles.callout}>
          This auth is an adjustment of{' '}
          <Link to={paths.auths.detail(loaded.previous_Auth)}>auth {loaded.previous_Auth}</Link>.
        </p>
      )}
      <AuthGlance auth={loaded} />
      <AuthDecision auth={loaded} />
      {related?.({
        auth: loaded,
        decisionDue: clock?.kind === 'running' ? clock.due : null,
      })}
      <AuthPeople auth={loaded} vba={vba.data} vbaState={vba.status} />
      <AuthRangesTable auth={loaded} />
      <div className={styles.groups}>
        {AUTH_GROUPS.map((group) => (
          <AuthFieldList
            key={group.id}
            id={group.id}
            title={group.title}
            auth={loaded}
            fields={group.fields}
          />
        ))}
        <AuthFieldList
          id="audit"
          title="Audit"
          auth={loaded}
          fields={AUDIT_FIELDS}
          render={(field, value) =>
            field === 'previous_Auth' && typeof value === 'string' ? (
              <Link to={paths.auths.detail(value)}>{value}</Link>
            ) : undefined
          }
        />
      </div>
      <AuthOtherFields auth={loaded} />
      <RecordNotes kind="auth" id={authNumber} />
      <RecordHistory kind="auth" id={authNumber} version={loaded.update_Date} />
      <AuthPrintSummary authNumber={authNumber} auth={loaded} vba={vba.data} clock={clock} />

      {/* Mounted while open, so each opening starts afresh from the auth as it is now. */}
      {dialog === 'status' && <ChangeStatusDialog auth={loaded} open onClose={close} />}
      {dialog === 'adjust' && <AdjustAuthDialog auth={loaded} open onClose={close} />}
      {dialog === 'delete' && <DeleteAuthDialog authNumber={authNumber} open onClose={close} />}
    </div>
  )
}
