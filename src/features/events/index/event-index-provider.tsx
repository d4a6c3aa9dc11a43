import { notesKey, presenceKey, viewsKey } from '@/api/query-keys'
import { TAB_ID } from '@/lib/tab-id'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { followChanges } from '@/api/change-stream'
import { followIndexChange } from '../cache'
import { forgetSearches } from '../list/search-memory'
import { useRuntimeConfig } from '@/lib/app-context'
import { eventIndexOf } from '@/lib/runtime-config'
import { useLookup } from '../use-lookup'
import { createIndexClient, type IndexClient, type IndexSource } from './index-client'
import { registerIndex, takeFirstRange } from './index-registry'
import { firstDayOfWeek } from '@/lib/format/format'

/** Others' changes are looked for this often while the page is visible (a few rows each time). */
export const SYNC_INTERVAL_MS = 10_000
/** Everything is read again this often, to notice deletions made elsewhere. */
export const FULL_PASS_INTERVAL_MS = 10 * 60_000
/** Changes the console server announces within this time are read together. */
export const CHANGE_BATCH_MS = 200

/**
 * The index's source with the console's own server there: events are read from its copy of the
 * plan (`<consoleServer>mirror`, the service's `GET /events` in shape), not from the service.
 */
function fromMirror(source: IndexSource, consoleServer: string | undefined): IndexSource {
  if (consoleServer === undefined) return source
  const baseUrl = `${consoleServer.replace(/\/$/, '')}/mirror`
  return { ...source, connection: () => ({ ...source.connection(), baseUrl }) }
}

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
  const prioritiesLookup = useLookup('priorities')
  const priorities = prioritiesLookup.data
  const [client, setClient] = useState<IndexClient | null>(null)
  const priorityOrder = (priorities ?? []).map((p) => String(p.option_Key))
  const settings = {
    priorityOrder,
    completedStatus: config.completedStatus,
    limit: config.eventIndexLimit,
    firstDay: firstDayOfWeek(),
  }
  const settingsKey = JSON.stringify(settings)
  const consoleServer = config.consoleServer

  const answeredBy = eventIndexOf(config)
  // The server is asked with the priorities known (its sorts and urgent counts read them): an
  // answer asked without them would be asked again a moment later, on an embedded Postgres that
  // answers one question at a time. The browser's index starts loading at once.
  const settled = answeredBy !== 'server' || !prioritiesLookup.isPending

  useEffect(() => {
    // Fetched while the priorities are asked, not after.
    if (answeredBy === 'server') void import('./server-index-client')
  }, [answeredBy])

  useEffect(() => {
    if (!settled) return
    let next: IndexClient | null = null
    let unregister = () => {}
    let ended = false
    const begin = (made: IndexClient) => {
      if (ended) return made.dispose()
      next = made
      unregister = registerIndex(made)
      setClient(made)
    }
    if (answeredBy === 'server' && consoleServer !== undefined)
      // Loaded only where the server answers: the browser's index stays the smaller default.
      void import('./server-index-client').then(({ createServerIndexClient, serverApi }) =>
        begin(
          createServerIndexClient(db, serverApi(source, consoleServer), JSON.parse(settingsKey)),
        ),
      )
    else
      begin(
        createIndexClient(
          db,
          fromMirror(source, consoleServer),
          JSON.parse(settingsKey),
          undefined,
          takeFirstRange(db),
        ),
      )
    return () => {
      ended = true
      unregister()
      next?.dispose()
      // What was searched for goes with the index (the lock, sign-out, another database).
      forgetSearches()
      setClient((c) => (c === next ? null : c))
    }
    // Settings reach a running index below, without a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, source, consoleServer, answeredBy, settled])

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

  // The change stream is opened as the provider mounts, beside the priorities, not once the
  // index exists: the server's first questions wait for its opening (a change between an answer
  // and the opening would be missed), so a stream opened late holds up every view's first answer.
  const current = useRef<{ client: IndexClient | null; opened: boolean }>({
    client: null,
    opened: false,
  })
  useEffect(() => {
    current.current.client = client
    // Opened before the index existed: nothing was asked yet, so its questions go out at once.
    if (client && current.current.opened) client.sync()
  }, [client])

  useEffect(() => {
    if (consoleServer === undefined) return
    // The console server tells of every change as it sees it: no polling, no full re-reads.
    const stop = new AbortController()
    const at = current.current
    at.opened = false
    // Changes and deletions are told in one go per batch: a bulk change of 500 events moves
    // the views once, not 500 times.
    let batch: ReturnType<typeof setTimeout> | undefined
    let changed = false
    const deleted = new Set<number>()
    const soon = () => {
      batch ??= setTimeout(() => {
        batch = undefined
        // Told in the same moment: the views draw once, with both (the server's client moves
        // its version for each, and reads its size once).
        if (deleted.size > 0) at.client?.remove([...deleted])
        if (changed) at.client?.sync()
        deleted.clear()
        changed = false
      }, CHANGE_BATCH_MS)
    }
    void followChanges({
      // The tab's ID: its presence on a record lasts as long as this stream.
      url: `${consoleServer.replace(/\/$/, '')}/stream?tab=${TAB_ID}`,
      token: () => source.connection().token,
      signal: stop.signal,
      // Opened (again): what changed while it was not open is read now (at once: the server's
      // client holds its first questions until the stream is open, see `createServerIndexClient`).
      onOpen: () => {
        at.opened = true
        at.client?.sync()
      },
      onChange: (change) => {
        if (change.database !== db) return
        // A record's notes changed (one naming this user, maybe): the notes asked are read again.
        if (change.kind === 'note') void queryClient.invalidateQueries({ queryKey: notesKey(db) })
        if (change.kind === 'presence')
          void queryClient.invalidateQueries({ queryKey: presenceKey(db) })
        if (change.kind === 'view') void queryClient.invalidateQueries({ queryKey: viewsKey(db) })
        if (change.kind !== 'event') return
        if (change.op === 'delete') deleted.add(Number(change.id))
        else changed = true
        soon()
      },
    })
    return () => {
      stop.abort()
      clearTimeout(batch)
    }
  }, [consoleServer, source, db, queryClient])

  useEffect(() => {
    if (!client || consoleServer !== undefined) return
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
  }, [client, consoleServer])

  return <IndexContext value={client}>{children}</IndexContext>
}

/** The index of the selected database; null outside the provider or before it starts. */
export const useIndexClient = () => useContext(IndexContext)
