import type { Workload } from '../model/workload'
import type { Connection } from '../../../api/client'
import type { Event } from '../../../api/schemas/event'
import type { EventFilter } from '../model/filter'
import type {
  CalendarAnswer,
  CalendarRequest,
  DayAnswer,
  DayRequest,
  Facets,
  FromWorker,
  IndexGaps,
  IndexPhase,
  IndexSettings,
  QueryAnswer,
  QueryRequest,
  RangeRequest,
  RecentSearchAnswer,
  ToWorker,
} from './protocol'
import { NO_GAPS } from './protocol'

export interface IndexState {
  phase: IndexPhase
  /** Events read so far while loading. */
  loaded: number
  /** Events held once ready. */
  size: number
  /** Changes with every change to the index: what queries re-run on. */
  version: number
  limit: number
  error: string | null
  /** Events left out: unreadable ones, ranges the service failed to send. */
  gaps: IndexGaps
  /** Everything is being read again after the user asked (Retry on a missing range). */
  rereading: boolean
}

export interface IndexSource {
  /** The connection of the session now (token, API key, service address). */
  connection: () => Connection
  /** Answers a 401 (refresh, or the password over the page); true once there is a new token. */
  reauthenticate: () => Promise<boolean>
}

/** A worker-like object: the browser's `Worker`, or a stand-in in tests. */
export interface WorkerLike {
  postMessage(message: ToWorker): void
  terminate(): void
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null
}

export const createIndexWorker = (): WorkerLike =>
  new Worker(new URL('./index-worker.ts', import.meta.url), {
    type: 'module',
    name: 'event-index',
  }) as WorkerLike

/** The state of an index client and who follows it (`useSyncExternalStore`). */
export function indexStateStore(start: Pick<IndexState, 'phase' | 'version' | 'limit'>) {
  let state: IndexState = {
    ...start,
    loaded: 0,
    size: 0,
    error: null,
    gaps: NO_GAPS,
    rereading: false,
  }
  const listeners = new Set<() => void>()
  return {
    listeners,
    get: () => state,
    set(next: Partial<IndexState>) {
      state = { ...state, ...next }
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * The page's side of the event index of one database: starts the worker, relays the session's
 * connection to it, and asks it questions. `dispose()` ends the worker and everything it holds.
 * `first`: a calendar range the worker reads before anything else (the page opens on it).
 */
export function createIndexClient(
  database: string,
  source: IndexSource,
  settings: IndexSettings,
  worker: WorkerLike = createIndexWorker(),
  first?: RangeRequest,
) {
  let current = settings
  const store = indexStateStore({ phase: 'loading', version: 0, limit: settings.limit })
  const { set, listeners } = store
  let calls = 0
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let disposed = false

  const connection = (): Connection => {
    const c = source.connection()
    // Relative service addresses resolve against the page, not the worker's script.
    return { ...c, baseUrl: new URL(c.baseUrl, document.baseURI).href.replace(/\/$/, ''), database }
  }
  const send = (message: ToWorker) => {
    if (!disposed) worker.postMessage(message)
  }

  worker.onmessage = ({ data }) => {
    switch (data.type) {
      case 'progress':
        return set({ loaded: data.loaded })
      case 'ready':
        return set({
          phase: 'ready',
          size: data.size,
          loaded: data.size,
          version: data.version,
          gaps: data.gaps,
        })
      case 'too-large':
        return set({ phase: 'too-large', limit: data.limit })
      case 'error':
        return set({ phase: 'error', error: data.message })
      case 'changed':
        return set({ size: data.size, version: data.version, gaps: data.gaps })
      case 'unauthorized':
        void source.reauthenticate().then(
          (ok) => send({ type: 'connection', connection: connection(), call: data.call, ok }),
          () => send({ type: 'connection', connection: connection(), call: data.call, ok: false }),
        )
        return
      case 'answer':
      case 'failed': {
        const call = pending.get(data.call)
        pending.delete(data.call)
        if (data.type === 'answer') call?.resolve(data.value)
        else call?.reject(new Error(data.message))
        return
      }
    }
  }

  const ask = <T>(message: (call: number) => ToWorker): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (disposed) return reject(new Error('The event index was closed.'))
      const call = ++calls
      pending.set(call, { resolve: resolve as (v: unknown) => void, reject })
      send(message(call))
    })

  if (first)
    void ask<boolean>((call) => ({
      type: 'start',
      connection: connection(),
      settings,
      first: { ...first, call },
    })).catch(() => undefined)
  else send({ type: 'start', connection: connection(), settings })

  return {
    database,
    /**
     * Whether views may ask ahead for what the user may look at next (the calendar's neighbouring
     * views): this tab's worker answers them while the user looks.
     */
    asksAhead: true as boolean,
    getState: store.get,
    subscribe: store.subscribe,
    query: (request: QueryRequest) =>
      ask<QueryAnswer>((call) => ({ type: 'query', call, request })),
    facets: () => ask<Facets>((call) => ({ type: 'facets', call })),
    workload: (now: number) => ask<Workload>((call) => ({ type: 'workload', call, now })),
    /** The IDs of every event matching `filter` at `now` (the page's clock). */
    ids: (filter: EventFilter, now: number) =>
      ask<number[]>((call) => ({ type: 'ids', call, filter, now })),
    /** The events of these IDs the index holds (those it does not are left out). */
    events: (ids: number[]) => ask<Event[]>((call) => ({ type: 'events', call, ids })),
    /** Reads the calendar's visible range ahead of the full load; resolves when it is in. */
    range: (from: string, to: string, by: 'dates' | 'reminder') =>
      ask<boolean>((call) => ({ type: 'range', call, from, to, by })),
    /** What a calendar view draws: each day's counts, the events drawn, how many more. */
    calendar: (request: CalendarRequest) =>
      ask<CalendarAnswer>((call) => ({ type: 'calendar', call, request })),
    /** One day's events, most pressing first. */
    day: (request: DayRequest) => ask<DayAnswer>((call) => ({ type: 'day', call, request })),
    /** Past the limit: the most recently changed events whose subject holds the words. */
    searchRecent: (text: string, limit: number) =>
      ask<RecentSearchAnswer>((call) => ({ type: 'recent-search', call, text, limit })),
    upsert: (events: Event[]) => send({ type: 'upsert', events }),
    /** The full load pauses for `ms` (the page has something to draw for the user first). */
    hold: (ms: number) => send({ type: 'hold', ms }),
    remove: (ids: number[]) => send({ type: 'remove', ids }),
    settings: (next: IndexSettings) => {
      current = next
      send({ type: 'settings', settings: next })
    },
    /** Picks up others' changes (a few rows when nothing changed). */
    sync: () => {
      send({ type: 'connection', connection: connection() })
      send({ type: 'sync' })
    },
    /**
     * Picks up others' changes now and resolves when the index has them (true), or could not
     * (false: not loaded yet, or the service failed).
     */
    syncNow: () => {
      send({ type: 'connection', connection: connection() })
      return ask<boolean>((call) => ({ type: 'sync', call }))
    },
    /** Reads everything again, to notice deletions. */
    fullPass: () => {
      send({ type: 'connection', connection: connection() })
      send({ type: 'full-pass' })
    },
    /** Reads everything again now, for the ranges the service failed to send. */
    reread: () => {
      if (store.get().rereading) return
      set({ rereading: true })
      send({ type: 'connection', connection: connection() })
      const done = () => {
        if (!disposed) set({ rereading: false })
      }
      ask((call) => ({ type: 'reread', call })).then(done, done)
    },
    retry: () => {
      set({ phase: 'loading', loaded: 0, error: null, gaps: NO_GAPS })
      send({ type: 'start', connection: connection(), settings: current })
    },
    dispose() {
      disposed = true
      worker.terminate()
      for (const { reject } of pending.values()) reject(new Error('The event index was closed.'))
      pending.clear()
      listeners.clear()
    },
  }
}

export type IndexClient = ReturnType<typeof createIndexClient>
