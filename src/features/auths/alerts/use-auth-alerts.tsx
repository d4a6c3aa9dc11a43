import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import { getAuthAlerts } from '@/api/auth-alerts'
import { useRuntimeConfig } from '@/lib/app-context'

/** How often the alerts are asked (and when the window regains focus). */
const ALERTS_MS = 60_000

// The section loads with the bell's panel, not with every page.
const AuthAlertsSection = lazy(() =>
  import('./auth-alerts-section').then((m) => ({ default: m.AuthAlertsSection })),
)

/** What the header's bell adds for auths (`BellSection` of the events feature's bell). */
export interface AuthBellSection {
  count: number
  words: string
  render: (close: () => void) => ReactNode
}

/**
 * The signed-in user's breach alerts from the console's server: the auths they hold that are due
 * within `warnHours` or overdue, and those overdue long enough to be escalated to them. Each new
 * state is said once by a desktop notification (when the user turned them on; it names no member:
 * it may show on a locked screen); the bell lists each auth once while its alert stands.
 */
export function useAuthAlerts(notify: boolean): AuthBellSection | null {
  const { consoleServer } = useRuntimeConfig()
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(
    () => (consoleServer === undefined ? null : api.at(consoleServer)),
    [api, consoleServer],
  )
  const query = useQuery({
    queryKey: [...dbKey(db), 'auths', 'alerts'],
    queryFn: ({ signal }) => getAuthAlerts(server!, Date.now(), { signal, database: db }),
    enabled: server !== null,
    refetchInterval: ALERTS_MS,
    refetchIntervalInBackground: notify,
    refetchOnWindowFocus: true,
    throwOnError: false,
    gcTime: 0,
  })
  const alerts = query.data?.alerts
  useEffect(() => {
    const fresh = alerts?.filter((a) => a.fresh) ?? []
    if (!notify || fresh.length === 0 || typeof Notification === 'undefined') return
    if (document.visibilityState === 'visible' && document.hasFocus()) return
    const overdue = fresh.filter((a) => a.state !== 'soon').length
    new Notification('Benefits Admin Console', {
      body:
        overdue > 0
          ? `${overdue} auth ${overdue === 1 ? 'decision is' : 'decisions are'} overdue.`
          : `${fresh.length} auth ${fresh.length === 1 ? 'decision is' : 'decisions are'} due soon.`,
      tag: 'auth-alerts',
    })
  }, [alerts, notify])
  if (!alerts || alerts.length === 0) return null
  const overdue = alerts.filter((a) => a.state !== 'soon').length
  return {
    count: alerts.length,
    words:
      overdue > 0
        ? `${alerts.length} auth ${alerts.length === 1 ? 'deadline' : 'deadlines'}, ${overdue} overdue`
        : `${alerts.length} auth ${alerts.length === 1 ? 'deadline' : 'deadlines'} due soon`,
    render: (close) => (
      <Suspense fallback={null}>
        <AuthAlertsSection alerts={alerts} onOpen={close} />
      </Suspense>
    ),
  }
}
