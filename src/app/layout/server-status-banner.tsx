import { useEffect, useState } from 'react'
import { useDatabase } from '@/api/api-context'
import styles from '@/components/ui/banner.module.css'
import { useSessionStore } from '@/features/session/session-context'
import { useRuntimeConfig } from '@/lib/app-context'
import { formatClock, formatDayAndClock } from '@/lib/format/format'

/** How often the console asks its server how its copy of the plan stands. */
export const SERVER_STATUS_INTERVAL_MS = 15_000

/** When the server last read the service, if it has been unable to since (else null). */
export function behindSince(health: unknown, database: string): Date | null {
  const list = (health as { data?: { databases?: unknown } } | null)?.data?.databases
  if (!Array.isArray(list)) return null
  const mine = list.find((d: { database?: unknown }) => d?.database === database) as
    { behindSince?: unknown; lastSuccessfulRead?: unknown } | undefined
  if (typeof mine?.behindSince !== 'string') return null
  const since = new Date(
    typeof mine.lastSuccessfulRead === 'string' ? mine.lastSuccessfulRead : mine.behindSince,
  )
  return Number.isNaN(since.getTime()) ? null : since
}

/**
 * With the console's own server: says since when the service has not answered, while the lists,
 * the calendar and search go on from the server's copy. Nothing without the server.
 */
export function ServerStatusBanner() {
  const { consoleServer } = useRuntimeConfig()
  const database = useDatabase()
  const store = useSessionStore()
  const [since, setSince] = useState<Date | null>(null)
  useEffect(() => {
    if (consoleServer === undefined) return
    let current = true
    const look = async () => {
      try {
        const response = await fetch(`${consoleServer.replace(/\/$/, '')}/health`, {
          headers: {
            authorization: `Bearer ${store.connection().token}`,
            'service-database': database,
          },
          cache: 'no-store',
        })
        if (response.ok && current) setSince(behindSince(await response.json(), database))
      } catch {
        // The server itself did not answer: the offline banner and the page's errors say so.
      }
    }
    void look()
    const timer = setInterval(() => void look(), SERVER_STATUS_INTERVAL_MS)
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [consoleServer, database, store])
  if (!since) return null
  const today = since.toDateString() === new Date().toDateString()
  return (
    <div className={styles.banner} role="status">
      The service has not answered since {today ? formatClock(since) : formatDayAndClock(since)}.
      Lists, the calendar and search show the console server&apos;s copy from then; saving works
      again once the service answers, and what you type is kept.
    </div>
  )
}
