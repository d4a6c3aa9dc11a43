import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import type { IndexClient, IndexState } from './index-client'
import { useIndexClient } from './event-index-provider'
import { NO_GAPS, type QueryRequest } from './protocol'

const NO_INDEX: IndexState = {
  phase: 'loading',
  loaded: 0,
  size: 0,
  version: 0,
  limit: 0,
  error: null,
  gaps: NO_GAPS,
  rereading: false,
}
const noSubscription = () => () => {}

/** How far the index has got: loading (with a count), ready, too large, or failed. */
export function useIndexState(): IndexState {
  const client = useIndexClient()
  return useSyncExternalStore(
    client?.subscribe ?? noSubscription,
    client?.getState ?? (() => NO_INDEX),
  )
}

/**
 * One primitive picked from the index's state: the component re-renders only when it changes
 * (not on every progress report while 100,000 events load).
 */
function useIndexPick<T extends string | number>(pick: (state: IndexState) => T): T {
  const client = useIndexClient()
  return useSyncExternalStore(client?.subscribe ?? noSubscription, () =>
    pick(client?.getState() ?? NO_INDEX),
  )
}

/**
 * What the index leaves out (unreadable events, ranges the service failed to send), whether it
 * is reading everything again, and how to ask it to. Re-renders only when those change.
 */
export function useIndexGaps() {
  const client = useIndexClient()
  const subscribe = client?.subscribe ?? noSubscription
  const gaps = useSyncExternalStore(subscribe, () => (client?.getState() ?? NO_INDEX).gaps)
  const rereading = useIndexPick((s) => (s.rereading ? 1 : 0)) === 1
  return { gaps, rereading, reread: () => client?.reread() }
}

/** Whether the index is loading, ready, too large or failed. */
export const useIndexPhase = () => useIndexPick((s) => s.phase)

/** The index's version: it changes with every change to what the index holds. */
export const useIndexVersion = () => useIndexPick((s) => s.version)

/** Keys of the index's answers: per database and index version, so any change asks again. */
export const indexKeys = {
  all: (db: string) => [...dbKey(db), 'event-index'] as const,
  query: (db: string, version: number, request: unknown) =>
    [...indexKeys.all(db), version, request] as const,
}

/** The query of one question to the index, as of one version: what reading and asking share. */
const indexQuery = (client: IndexClient, db: string, version: number, request: QueryRequest) => ({
  queryKey: indexKeys.query(db, version, request),
  queryFn: () => client.query(request),
  staleTime: Infinity,
  gcTime: 30_000,
  retry: false as const,
})

/**
 * Matching events from the index, asked again whenever the index changes; the previous answer
 * stays on screen meanwhile. Disabled (no data) until the index is ready, unless `early` (the
 * calendar reads what is there while the rest loads).
 */
export function useIndexQuery(request: QueryRequest | null, { early = false } = {}) {
  const client = useIndexClient()
  const db = useDatabase()
  // The phase and version only: a reader is not drawn again on every progress report.
  const phase = useIndexPhase()
  const version = useIndexVersion()
  const usable = early ? phase === 'loading' || phase === 'ready' : phase === 'ready'
  return useQuery({
    ...indexQuery(client!, db, version, request!),
    enabled: Boolean(client && request && usable),
    placeholderData: keepPreviousData,
    // Each reader says where it stands that its question failed (the list, the queue, the
    // bell): one failed question never takes the whole page.
    throwOnError: false,
  })
}

/**
 * Asks the ready index a question now, from an event handler, ahead of the render that reads it
 * with `useIndexQuery`: the worker answers while the page draws the change, instead of after.
 */
export function useAskIndex(): (request: QueryRequest) => void {
  const client = useIndexClient()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const ready = useIndexPhase() === 'ready'
  const version = useIndexVersion()
  return (request) => {
    if (client && ready) void queryClient.prefetchQuery(indexQuery(client, db, version, request))
  }
}

/** The values in use (types, statuses, users, groups) with their counts, once the index is ready. */
export function useIndexFacets() {
  const client = useIndexClient()
  const db = useDatabase()
  const phase = useIndexPhase()
  const version = useIndexPick((s) => s.version)
  return useQuery({
    queryKey: indexKeys.query(db, version, 'facets'),
    queryFn: () => client!.facets(),
    enabled: Boolean(client && phase === 'ready'),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  })
}

/** Open work per person and per group, from the index (asked again when it changes). */
export function useIndexWorkload(now: Date) {
  const client = useIndexClient()
  const db = useDatabase()
  const phase = useIndexPhase()
  const version = useIndexPick((s) => s.version)
  // The minute is enough: "overdue" and "this week" do not change faster.
  const minute = Math.floor(now.getTime() / 60_000) * 60_000
  return useQuery({
    queryKey: indexKeys.query(db, version, `workload:${minute}`),
    queryFn: () => client!.workload(minute),
    enabled: Boolean(client && phase === 'ready'),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  })
}
