/// <reference lib="webworker" />
import { createApiClient, type Connection } from '@/api/client'
import { listEvents } from '@/api/events'
import { createEventIndex, versionKey, type EventIndex } from './event-index'
import {
  fetchRange,
  INDEX_PAGE_SIZE,
  loadAll,
  newestVersion,
  syncChanges,
  type FetchPage,
} from './load-index'
import type { FromWorker, IndexSettings, ToWorker } from './protocol'

/*
 * The index's Web Worker: it reads every event of one database from the service, parses and
 * validates them (the contract's schemas) and answers the page's questions, so the page never
 * parses 100,000 events itself. It holds member data in memory only and dies with the session
 * (the page terminates it on sign-out, lock and database switch).
 */

declare const self: DedicatedWorkerGlobalScope

const post = (message: FromWorker) => self.postMessage(message)

let connection: Connection | null = null
let settings: IndexSettings | null = null
let index: EventIndex | null = null
/** Changes newer than this are picked up by the next sync (see `syncChanges`). */
let since: number | null = null
let ready = false
/** What the page re-queries on: bumped by every change to what the index holds or how it sorts. */
let generation = 0
let busy: Promise<unknown> = Promise.resolve()
/** The calendar's range reads in flight: the full load waits for them (the month first). */
let urgent: Promise<unknown> = Promise.resolve()

// A 401 is the page's to answer (refresh, or the password over the page): ask, then retry once.
let calls = 0
const waiting = new Map<number, (ok: boolean) => void>()
const api = createApiClient(
  () => {
    if (!connection) throw new Error('The index has no connection yet.')
    return connection
  },
  {
    onUnauthorized: () =>
      new Promise<boolean>((resolve) => {
        const call = ++calls
        waiting.set(call, resolve)
        post({ type: 'unauthorized', call })
      }),
  },
)

const fetchPage: FetchPage = (page, pageSize, sortBy) =>
  listEvents(api, { page, pageSize, sortBy }, { database: connection?.database })

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The events could not be read.'

/** One fetching job at a time (the load, a sync, a full pass), in the order asked. */
function exclusive<T>(job: () => Promise<T>): Promise<T> {
  const run = busy.then(job, job)
  busy = run.catch(() => undefined)
  return run
}

/** A change made here (a write's answer, new settings), announced when it changed anything. */
function change(apply: (held: EventIndex) => void) {
  if (!index) return
  const before = index.version
  apply(index)
  announceChange(before)
}

function announceChange(before: number) {
  if (index && index.version !== before)
    post({ type: 'changed', size: index.size, version: ++generation })
}

async function load(s: IndexSettings) {
  const fresh = createEventIndex(s)
  index = fresh
  ready = false
  try {
    // One read tells whether the database is over the limit (the page just past it); the
    // watermark for the first sync is read beside it, before any page of the load.
    const [beyond, newest] = await Promise.all([
      fetchPage(Math.floor(s.limit / INDEX_PAGE_SIZE) + 1, INDEX_PAGE_SIZE, 'event_ID:asc'),
      newestVersion(fetchPage),
    ])
    if (beyond.length > 0) {
      // Not built; what the calendar reads by range is still kept.
      post({ type: 'too-large', limit: s.limit })
      return
    }
    since = newest
    let last = 0
    await loadAll(
      fresh,
      fetchPage,
      (loaded) => {
        const now = performance.now()
        if (now - last > 250) {
          last = now
          post({ type: 'progress', loaded })
        }
      },
      { gate: () => urgent.then(() => undefined) },
    )
    ready = true
    post({ type: 'ready', size: fresh.size, version: ++generation })
  } catch (error) {
    post({ type: 'error', message: messageOf(error) })
  }
}

async function answer(call: number, work: () => unknown | Promise<unknown>) {
  try {
    post({ type: 'answer', call, value: await work() })
  } catch (error) {
    post({ type: 'failed', call, message: messageOf(error) })
  }
}

const DAY = 24 * 60 * 60 * 1000

self.onmessage = ({ data: message }: MessageEvent<ToWorker>) => {
  switch (message.type) {
    case 'start':
      connection = message.connection
      settings = message.settings
      void exclusive(() => load(message.settings))
      return
    case 'settings':
      settings = message.settings
      return change((held) => held.reconfigure(message.settings))
    case 'connection':
      connection = message.connection
      if (message.call !== undefined) {
        waiting.get(message.call)?.(message.ok ?? false)
        waiting.delete(message.call)
      }
      return
    case 'query':
      void answer(message.call, () => {
        if (!index) return { total: 0, rows: [], size: 0 }
        const { filter, sort, now, offset, limit } = message.request
        const result = index.query(filter, sort, new Date(now), { offset, limit })
        return { ...result, size: index.size }
      })
      return
    case 'facets':
      void answer(message.call, () => {
        const f = index?.facets()
        return {
          types: [...(f?.types ?? [])],
          statuses: [...(f?.statuses ?? [])],
          users: [...(f?.users ?? [])],
          groups: [...(f?.groups ?? [])],
          priorities: [...(f?.priorities ?? [])],
        }
      })
      return
    case 'range':
      // The calendar's visible range, read ahead of the full load (a no-op once it is done).
      void answer(message.call, async () => {
        if (!index || ready) return true
        const held = index
        const from = versionKey(message.from)
        const to = versionKey(message.to)
        if (from === null || to === null) return false
        const fields =
          message.by === 'reminder'
            ? [{ field: 'next_Scheduled_Date', from }]
            : [
                { field: 'due_Date', from },
                // Spans that start up to a month before the range may reach into it.
                { field: 'start_Date', from: from - 31 * DAY },
              ]
        const reading = Promise.all(fields.map((f) => fetchRange(fetchPage, f.field, f.from, to)))
        urgent = Promise.all([urgent, reading]).catch(() => undefined)
        const found = await reading
        const before = held.version
        // Events the full load already holds in a newer version are not put back older.
        const versions = held.versions()
        held.upsert(found.flat().filter((e) => !versions.has(e.event_ID)))
        if (index === held) announceChange(before)
        return true
      })
      return
    case 'upsert':
      return change((held) => held.upsert(message.events))
    case 'remove':
      return change((held) => held.remove(message.ids))
    case 'sync':
      if (!ready) return
      void exclusive(async () => {
        const held = index
        if (!held) return
        const before = held.version
        try {
          const result = await syncChanges(held, fetchPage, since)
          since = result.since
          announceChange(before)
        } catch {
          // A failed sync is retried by the next one; the index keeps what it has.
        }
      })
      return
    case 'full-pass':
      if (!ready || !settings) return
      void exclusive(async () => {
        const held = index
        if (!held) return
        const before = held.version
        try {
          const next = await newestVersion(fetchPage)
          await loadAll(held, fetchPage)
          since = next
          announceChange(before)
        } catch {
          // Deletions wait for the next pass.
        }
      })
      return
  }
}
