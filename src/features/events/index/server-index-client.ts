import { createApiClient, type ApiClient } from '../../../api/client'
import { eventSchema, type Event } from '../../../api/schemas/event'
import { z } from '../../../api/schemas/zod'
import type { EventFilter, SearchRank } from '../model/filter'
import type { Workload } from '../model/workload'
import { indexStateStore, type IndexClient, type IndexSource } from './index-client'
import {
  type CalendarAnswer,
  type CalendarRequest,
  type DayAnswer,
  type DayRequest,
  type Facets,
  type IndexSettings,
  type QueryAnswer,
  type QueryRequest,
  type RecentSearchAnswer,
} from './protocol'

/*
 * The event index's questions answered by the console's own server from its mirror, not by a
 * copy of the plan in this tab: the same client shape as the worker's (`createIndexClient`), so
 * the views do not know which answers them. Every answer is only what a view shows (a page of
 * rows, counts, a calendar's days). A change the server streams moves the version, and the views
 * ask again.
 */

/** The most rows the server sends in one answer; longer windows are read page by page. */
const SERVER_PAGE = 1000
/**
 * Windows longer than this (every match, for an export) are read as the IDs of every match in
 * order, then their records by ID: pages at a growing OFFSET would each sort and skip all the
 * rows before them, a million-event export's last page a million rows deep.
 */
export const BY_IDS_FROM = 5 * SERVER_PAGE
/**
 * How long the first questions wait for the change stream to open (its first `sync`): asked after
 * it, an answer misses no change, so the opening need not ask every view again.
 */
export const STREAM_WAIT_MS = 1000

const anyData = z.unknown()
/** Records as the contract reads them; one it cannot read is left out, as the index leaves it. */
function readable(records: unknown): Event[] {
  if (!Array.isArray(records)) return []
  return records.flatMap((r) => {
    const parsed = eventSchema.safeParse(r)
    return parsed.success ? [parsed.data] : []
  })
}

/** The console server's own routes, asked with the session of `source` (its 401s answered). */
export function serverApi(source: IndexSource, consoleServer: string) {
  return createApiClient(() => ({ ...source.connection(), baseUrl: consoleServer }), {
    onUnauthorized: () => source.reauthenticate(),
  })
}

export function createServerIndexClient(
  database: string,
  /** A client at the console server's own routes (`api.at(consoleServer)`). */
  api: ApiClient,
  settings: IndexSettings,
) {
  let current = settings
  const store = indexStateStore({ phase: 'ready', version: 1, limit: settings.limit })
  const { set } = store
  const stop = new AbortController()
  let disposed = false
  /** Whether questions go out: once the stream is open, or its wait is over. */
  let live = false
  let release = () => {}
  const opened = new Promise<void>((resolve) => (release = resolve))
  /** The held questions go out (the stream opened, or its wait is over). */
  function goLive() {
    clearTimeout(waited)
    live = true
    release()
  }
  const waited = setTimeout(goLive, STREAM_WAIT_MS)

  /** A POST to one of the server's event routes; the envelope's `data`. */
  async function post(name: string, body: object): Promise<unknown> {
    if (!live) await opened
    if (disposed) throw new Error('The event index was closed.')
    return api.request(
      {
        name: `serverIndex(${name})`,
        method: 'POST',
        path: `events/${name}`,
        body,
        schema: anyData,
      },
      { signal: stop.signal, database },
    )
  }

  const common = () => ({
    firstDay: current.firstDay,
    completedStatus: current.completedStatus,
    priorities: [...current.priorityOrder],
  })
  /** Something changed: the views ask again, and the count of events is read again. */
  const bump = () => {
    set({ version: store.get().version + 1 })
    readSizeSoon()
  }

  async function query(request: QueryRequest): Promise<QueryAnswer> {
    if (!request.rank && request.limit > BY_IDS_FROM) return queryByIds(request)
    const rows: Event[] = []
    const ranks: SearchRank[] = []
    let total = 0
    const end = request.offset + request.limit
    for (let offset = request.offset; ;) {
      const limit = Math.min(SERVER_PAGE, end - offset)
      const page = (await post('query', {
        ...common(),
        filter: request.filter,
        now: request.now,
        sort: request.sort.map((k) => ({ field: k.field, direction: k.dir })),
        offset,
        limit,
        ...(request.rank ? { rank: request.rank } : {}),
      })) as { rows: unknown[]; total: number; ranks?: SearchRank[] }
      total = page.total
      rows.push(...readable(page.rows))
      ranks.push(...(page.ranks ?? []))
      offset += page.rows.length
      if (page.rows.length < limit || offset >= end || offset >= total) break
    }
    return { total, rows, size: store.get().size, ...(request.rank ? { ranks } : {}) }
  }

  /** A long window: every match's ID in the order asked, then the window's records by ID. */
  async function queryByIds(request: QueryRequest): Promise<QueryAnswer> {
    const { ids, total } = (await post('query', {
      ...common(),
      filter: request.filter,
      now: request.now,
      sort: request.sort.map((k) => ({ field: k.field, direction: k.dir })),
      select: 'ids',
    })) as { ids: number[]; total: number }
    const rows = await records(ids.slice(request.offset, request.offset + request.limit))
    return { total, rows, size: store.get().size }
  }

  /** The records of `ids` the server holds and the contract reads, in that order. */
  async function records(ids: number[]) {
    const found: Event[] = []
    for (let i = 0; i < ids.length; i += SERVER_PAGE)
      found.push(...readable(await post('records', { ids: ids.slice(i, i + SERVER_PAGE) })))
    return found
  }

  /** How many events the server holds that the console can read (the index's size). */
  async function readSize() {
    try {
      // The events the server holds but the contract refuses: left out of every answer, and
      // named by the views' note, as the tab's own index names them.
      const [answer, { ids }] = (await Promise.all([
        post('query', { ...common(), now: Date.now(), limit: 1 }),
        post('unreadable', {}),
      ])) as [{ total: number }, { ids: number[] }]
      if (!disposed && answer.total !== store.get().size)
        set({ size: answer.total, loaded: answer.total })
      const gaps = store.get().gaps
      if (!disposed && ids.join(',') !== gaps.unreadable.join(','))
        set({ gaps: { ...gaps, unreadable: ids } })
    } catch {
      // The size is a courtesy; the views' own questions say what failed.
    }
  }
  /** The size read in flight, and whether a change came since it was asked. */
  let sizing: Promise<void> | null = null
  let sizeAgain = false
  /**
   * One read of the size at a time: changes while one is out ask once more when it is back, so
   * a burst of changes (a bulk change of 500 events) costs two reads, not a thousand.
   */
  function readSizeSoon() {
    if (sizing) {
      sizeAgain = true
      return
    }
    sizing = readSize().finally(() => {
      sizing = null
      if (sizeAgain && !disposed) {
        sizeAgain = false
        readSizeSoon()
      }
    })
  }
  readSizeSoon()

  const client: IndexClient = {
    database,
    // The server answers every user's questions: a view asks for what it shows, not ahead.
    asksAhead: false,
    getState: store.get,
    subscribe: store.subscribe,
    query,
    facets: async () => (await post('facets', {})) as Facets,
    workload: async (now: number) =>
      (await post('workload', {
        now,
        firstDay: current.firstDay,
        completedStatus: current.completedStatus,
      })) as Workload,
    ids: async (filter: EventFilter, now: number) =>
      ((await post('query', { ...common(), filter, now, select: 'ids' })) as { ids: number[] }).ids,
    events: records,
    // The server holds every range already.
    range: async () => true,
    calendar: async (request: CalendarRequest) =>
      ({
        ...((await post('calendar', { ...common(), ...request })) as Omit<CalendarAnswer, 'size'>),
        size: store.get().size,
      }) as CalendarAnswer,
    day: async (request: DayRequest): Promise<DayAnswer> => {
      const rows: DayAnswer['rows'] = []
      let total = 0
      const end = request.offset + request.limit
      for (let offset = request.offset; ;) {
        const limit = Math.min(SERVER_PAGE, end - offset)
        const page = (await post('day', { ...common(), ...request, offset, limit })) as Omit<
          DayAnswer,
          'size'
        >
        total = page.total
        rows.push(...page.rows)
        offset += page.rows.length
        if (page.rows.length < limit || offset >= end || offset >= total) break
      }
      return { total, rows, size: store.get().size }
    },
    // Never past a limit: the server holds the whole plan.
    searchRecent: async (): Promise<RecentSearchAnswer> => ({ rows: [], total: 0, scanned: 0 }),
    // A write passed through the server is in its mirror when it answers: ask again.
    upsert: () => bump(),
    hold: () => undefined,
    remove: () => bump(),
    settings: (next: IndexSettings) => {
      if (JSON.stringify(next) === JSON.stringify(current)) return
      current = next
      bump()
    },
    sync: () => {
      if (!live) {
        // The stream's first opening: every question so far is still held, so none missed a
        // change; they go out now.
        goLive()
        return
      }
      bump()
    },
    syncNow: async () => {
      bump()
      return true
    },
    fullPass: () => bump(),
    reread: () => bump(),
    retry: () => bump(),
    dispose() {
      disposed = true
      goLive()
      stop.abort()
      store.listeners.clear()
    },
  }
  return client
}
