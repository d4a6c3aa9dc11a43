import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { followIndexChange } from '../cache'
import { forgetSearches } from '../list/search-memory'
import { useRuntimeConfig } from '@/lib/app-context'
import { useLookup } from '../use-lookup'
import { createIndexClient, type IndexClient, type IndexSource } from './index-client'
import { registerIndex, takeFirstRange } from './index-registry'
import { firstDayOfWeek } from '@/lib/format/format'

/** Others' changes are looked for this often while the page is visible (a few rows each time). */
export const SYNC_INTERVAL_MS = 10_000
/** Everything is read again this often, to notice deletions made elsewhere. */
export const FULL_PASS_INTERVAL_MS = 10 * 60_000

const IndexContext = createContext<IndexClient | null>(null)

/**
 * The event index of the selected database, for everything below (list, calendar, search,
 * pickers). Mounted inside the signed-in, unlocked layout: signing out, locking or switching
 * database unmounts it (or changes its key), which ends the worker and everything it held.
 */
export function EventIndexProvider({
  source,
  children,
}: {
  source: IndexSource
  children?: ReactNode
}) {
  const db = useDatabase()
  const queryClient = useQueryClient()
  const config = useRuntimeConfig()
  const priorities = useLookup('priorities').data
  const [client, setClient] = useState<IndexClient | null>(null)
  const priorityOrder = (priorities ?? []).map((p) => String(p.option_Key))
  const settings = {
    priorityOrder,
    completedStatus: config.completedStatus,
    limit: config.eventIndexLimit,
    firstDay: firstDayOfWeek(),
  }
  const settingsKey = JSON.stringify(settings)

  useEffect(() => {
    const next = createIndexClient(
      db,
      source,
      JSON.parse(settingsKey),
      undefined,
      takeFirstRange(db),
    )
    const unregister = registerIndex(next)
    // The worker is an outside system started here; the components below need its handle.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setClient(next)
    return () => {
      unregister()
      next.dispose()
      // What was searched for goes with the index (the lock, sign-out, another database).
      forgetSearches()
      setClient((c) => (c === next ? null : c))
    }
    // Settings reach a running index below, without a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, source])

  useEffect(() => {
    client?.settings(JSON.parse(settingsKey))
  }, [client, settingsKey])

  // Others' changes reach every view together: when the index's version moves, the views that
  // read the service read again (`followIndexChange`).
  useEffect(() => {
    if (!client) return
    let version = client.getState().version
    const stop = client.subscribe(() => {
      const next = client.getState().version
      if (next === version) return
      const first = version === 0
      version = next
      if (!first) void followIndexChange({ queryClient, db })
    })
    return () => {
      stop()
    }
  }, [client, queryClient, db])

  useEffect(() => {
    if (!client) return
    const visible = () => document.visibilityState === 'visible'
    const sync = setInterval(() => visible() && client.sync(), SYNC_INTERVAL_MS)
    const full = setInterval(() => visible() && client.fullPass(), FULL_PASS_INTERVAL_MS)
    const onShow = () => visible() && client.sync()
    document.addEventListener('visibilitychange', onShow)
    return () => {
      clearInterval(sync)
      clearInterval(full)
      document.removeEventListener('visibilitychange', onShow)
    }
  }, [client])

  return <IndexContext value={client}>{children}</IndexContext>
}

/** The index of the selected database; null outside the provider or before it starts. */
export const useIndexClient = () => useContext(IndexContext)
