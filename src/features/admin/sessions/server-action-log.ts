import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { searchAudit, type AuditEntry } from '@/api/audit'
import { dbKey } from '@/api/query-keys'
import { kickResultSchema } from '@/api/schemas/session'
import type { SessionAction } from './action-log'
import {
  describeAction,
  outcomeOfRefusal,
  outcomeOfSuccess,
  type KickAction,
  type KickOutcome,
} from './kick-outcome'

/** The administrators' actions shown, newest first. */
export const SERVER_ACTIONS_SHOWN = 50

/** The key of the log, so a kick made here reads it again. */
export const serverActionLogKey = (db: string) => [...dbKey(db), 'audit', 'kicks'] as const

/** A kick as the audit record keeps it, told as the Sessions page tells one it just made. */
export function actionOfEntry(entry: AuditEntry): SessionAction {
  const action: KickAction =
    entry.operation === 'POST /kick/{userId}' && entry.recordId
      ? { kind: 'user', userId: entry.recordId }
      : { kind: 'longest' }
  const activityId = entry.activityId ?? undefined
  const status = entry.status ?? 0
  const outcome: KickOutcome =
    status >= 200 && status < 300
      ? outcomeOfSuccess(action, {
          data: kickResultSchema.safeParse(entry.detail?.kickResult ?? null).data ?? null,
          activityId,
        })
      : (outcomeOfRefusal(action, status, { activityId }) ?? {
          kind: 'failed',
          title: `${describeAction(action)}: the service answered ${status || 'nothing'}`,
          activityId,
        })
  return {
    id: String(entry.id),
    at: Date.parse(entry.at),
    actorId: entry.userId ?? '',
    actorName: entry.userName ?? entry.userId ?? 'Unknown',
    action: describeAction(action),
    outcome: outcome.kind,
    result: outcome.title,
    activityId,
  }
}

/**
 * Every administrator's kicks from the console server's audit record (not one tab's memory), so
 * the Sessions page shows what the team did, whoever did it and wherever.
 */
export function useServerActionLog(consoleServer: string | undefined) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(
    () => (consoleServer === undefined ? null : api.at(consoleServer)),
    [api, consoleServer],
  )
  return useQuery({
    queryKey: serverActionLogKey(db),
    queryFn: async ({ signal }) =>
      (
        await searchAudit(
          server!,
          { operation: 'POST /kick', action: 'session' },
          { limit: SERVER_ACTIONS_SHOWN },
          { signal, database: db },
        )
      ).entries.map(actionOfEntry),
    enabled: server !== null,
    gcTime: 0,
  })
}
