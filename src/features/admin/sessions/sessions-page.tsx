import { useState } from 'react'
import { PageHeader } from '@/components/ui/page-header'
import { useCurrentUser } from '@/lib/app-context'
import { AdminOnlyNotice } from '../admin-only-notice'
import { ActionLogTable } from './action-log-table'
import { recordSessionAction, useSessionActions } from './action-log'
import { describeAction, type KickAction, type KickOutcome } from './kick-outcome'
import { KickLongestCard } from './kick-longest-card'
import { KickUserCard } from './kick-user-card'
import styles from './sessions-page.module.css'

/** Sessions: end a user's session, end the longest session, and the trace of what was done. */
export function SessionsPage() {
  const me = useCurrentUser()
  const actions = useSessionActions()
  const [refusal, setRefusal] = useState<KickOutcome | null>(null)

  const onOutcome = (action: KickAction, outcome: KickOutcome) => {
    recordSessionAction({
      at: Date.now(),
      actorId: me.userId,
      actorName: me.name,
      action: describeAction(action),
      outcome: outcome.kind,
      result: outcome.title,
      activityId: outcome.activityId,
    })
    // Only the service's 403 says this account may not end sessions; any other answer shows it may.
    if (outcome.kind === 'not-allowed') setRefusal(outcome)
    else if (outcome.kind !== 'failed' && outcome.kind !== 'signed-out') setRefusal(null)
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Sessions"
        description="End sessions when a laptop is lost, someone leaves, or the seat limit is reached. Only administrators can do this; the service checks when you act."
      />
      {refusal && (
        <AdminOnlyNotice
          task="end other users' sessions"
          serviceMessage={refusal.serviceMessage ?? refusal.title}
          activityId={refusal.activityId}
        />
      )}
      <div className={styles.cards}>
        <KickUserCard onOutcome={onOutcome} />
        <KickLongestCard onOutcome={onOutcome} />
      </div>
      <ActionLogTable actions={actions} />
    </div>
  )
}
