import { useRef, useState } from 'react'
import { PageHeader } from '@/components/ui/page-header'
import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { AdminOnlyNotice } from '../admin-only-notice'
import { ActionLogTable } from './action-log-table'
import { recordSessionAction, useSessionActions } from './action-log'
import { describeAction, type KickAction, type KickOutcome } from './kick-outcome'
import { KickLongestCard } from './kick-longest-card'
import { KickUserCard } from './kick-user-card'
import { serverActionLogKey, useServerActionLog } from './server-action-log'
import { SignedInTable, signedInKey } from './signed-in-table'
import styles from './sessions-page.module.css'

/** Sessions: end a user's session, end the longest session, and the trace of what was done. */
export function SessionsPage() {
  const me = useCurrentUser()
  const { consoleServer } = useRuntimeConfig()
  const tabActions = useSessionActions()
  const serverLog = useServerActionLog(consoleServer)
  const queryClient = useQueryClient()
  const db = useDatabase()
  const [refusal, setRefusal] = useState<KickOutcome | null>(null)
  const askToEnd = useRef<(userId: string) => void>(null)

  const onOutcome = (action: KickAction, outcome: KickOutcome) => {
    // With the console server, its audit record is the log (it recorded the kick as it passed).
    if (consoleServer !== undefined) {
      void queryClient.invalidateQueries({ queryKey: serverActionLogKey(db) })
      void queryClient.invalidateQueries({ queryKey: signedInKey(db) })
    } else
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
        <KickUserCard onOutcome={onOutcome} askRef={askToEnd} />
        <KickLongestCard onOutcome={onOutcome} />
      </div>
      {consoleServer !== undefined && (
        <SignedInTable
          consoleServer={consoleServer}
          onEnd={(userId) => askToEnd.current?.(userId)}
        />
      )}
      {consoleServer === undefined ? (
        <ActionLogTable actions={tabActions} source="tab" />
      ) : (
        <ActionLogTable
          actions={serverLog.data ?? []}
          source="server"
          state={serverLog.isPending ? 'loading' : serverLog.isError ? 'failed' : 'ready'}
        />
      )}
    </div>
  )
}
