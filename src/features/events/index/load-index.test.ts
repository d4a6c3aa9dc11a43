// The index loaded from and kept in step with the real sandbox service (through its fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '@/api/client'
import { ResponseShapeError } from '@/api/errors'
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  readEvent,
  updateEvent,
} from '@/api/events'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { createEventIndex } from './event-index'
import { versionKey } from './event-index'
import {
  fetchPlaceable,
  fetchRange,
  loadAll,
  newestVersion,
  syncChanges,
  type FetchPage,
} from './load-index'

let service: InProcessSandbox
let staff: ApiClient
let other: ApiClient
let pagesRead = 0
let eventsRead = 0

beforeAll(async () => {
  service = startInProcessSandbox('event-index', { events: 230 })
  staff = await service.clientFor('staff')
  other = await service.clientFor('admin')
})
afterAll(() => service.close())

const fetchPage: FetchPage = async (page, pageSize, sortBy) => {
  pagesRead++
  const events = await listEvents(staff, { page, pageSize, sortBy })
  eventsRead += events.records.length + events.unreadable.length
  return events
}
const newIndex = () => createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })

describe('loading and syncing the index', () => {
  it('loads every event, a few pages at a time, and stops at the short page', async () => {
    const index = newIndex()
    const progress: number[] = []
    await loadAll(index, fetchPage, (n) => progress.push(n), { pageSize: 50, concurrency: 3 })
    expect(index.size).toBe(230)
    expect(progress.at(-1)).toBe(230)
  })

  it('picks up another client’s change incrementally, reading only the newest page', async () => {
    const index = newIndex()
    const since = await newestVersion(fetchPage)
    await loadAll(index, fetchPage, undefined, { pageSize: 100 })
    const [first] = (await listEvents(other, { pageSize: 1 })).records
    const edited = await updateEvent(other, { ...first!, subject: 'Changed by another client' })
    const created = await createEvent(other, {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
      subject: 'Created by another client',
    })
    pagesRead = 0
    const sync = await syncChanges(index, fetchPage, since, { pageSize: 100 })
    expect(sync.changed.map((e) => e.event_ID).sort()).toEqual(
      [edited.event_ID, created.event_ID].sort(),
    )
    expect(pagesRead).toBe(1)
    expect(index.get(edited.event_ID)?.subject).toBe('Changed by another client')
    expect(index.get(created.event_ID)?.subject).toBe('Created by another client')
    // Nothing new since: one page read, nothing changed.
    const again = await syncChanges(index, fetchPage, sync.since, { pageSize: 100 })
    expect(again.changed).toEqual([])
    expect(again.since).toBe(sync.since)
  })

  it('does not miss a change made while the load was reading other pages', async () => {
    const index = newIndex()
    const since = await newestVersion(fetchPage)
    // The load reads the first page, then another client edits an event of that page and
    // then one of a later page: the load sees the second edit, not the first.
    const [early] = (await listEvents(other, { pageSize: 1, sortBy: 'event_ID:asc' })).records
    let edits = 0
    const racing: FetchPage = async (page, pageSize, sortBy) => {
      const events = await fetchPage(page, pageSize, sortBy)
      if (page === 1 && edits++ === 0) {
        await updateEvent(other, { ...early!, subject: 'Edited during the load' })
        const [late] = (await listEvents(other, { pageSize: 1, sortBy: 'event_ID:desc' })).records
        await updateEvent(other, { ...late!, subject: 'Edited later during the load' })
      }
      return events
    }
    await loadAll(index, racing, undefined, { pageSize: 100, concurrency: 1 })
    expect(index.get(early!.event_ID)?.subject).not.toBe('Edited during the load')
    await syncChanges(index, fetchPage, since, { pageSize: 100 })
    expect(index.get(early!.event_ID)?.subject).toBe('Edited during the load')
  })

  it('fetches the events of a date range without reading every page', async () => {
    const all = newIndex()
    await loadAll(all, fetchPage, undefined, { pageSize: 100 })
    const from = new Date(2026, 10, 1).getTime()
    const to = new Date(2026, 11, 1).getTime()
    const expected = [...all.versions().keys()]
      .map((id) => all.get(id)!)
      .filter((e) => {
        const k = versionKey(e.due_Date)
        return k !== null && k >= from && k < to
      })
      .map((e) => e.event_ID)
      .sort((a, b) => a - b)
    eventsRead = 0
    const found = await fetchRange(fetchPage, 'due_Date', from, to, { pageSize: 10 })
    expect(found.records.map((e) => e.event_ID).sort((a, b) => a - b)).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
    // One-event probes and the range's own pages: far fewer events than all of them.
    expect(eventsRead).toBeLessThan(expected.length + 2 * 10 + 2 * 20)
    expect(eventsRead).toBeLessThan(all.size / 2)
  })

  it('fetches what a calendar may place: tasks due in the range, then events without a due date', async () => {
    const undated = await createEvent(other, {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
      subject: 'A span with no due date',
      start_Date: '2026-10-28T09:00:00',
      end_Date: '2026-11-03T17:00:00',
    })
    const all = newIndex()
    await loadAll(all, fetchPage, undefined, { pageSize: 100 })
    const events = [...all.versions().keys()].map((id) => all.get(id)!)
    const from = new Date(2026, 10, 1).getTime()
    const to = new Date(2026, 11, 1).getTime()
    const due = events.filter((e) => {
      const k = versionKey(e.due_Date)
      return k !== null && k >= from && k < to
    })
    const none = events.filter((e) => !e.due_Date)
    eventsRead = 0
    const found = await fetchPlaceable(fetchPage, 'dates', from, to, { pageSize: 10 })
    const ids = found.records.map((e) => e.event_ID).sort((a, b) => a - b)
    expect(ids).toEqual([...due, ...none].map((e) => e.event_ID).sort((a, b) => a - b))
    expect(ids).toContain(undated.event_ID)
    expect(eventsRead).toBeLessThan(all.size / 2)

    // By reminder: the next reminders in the range, nothing else.
    const reminders = await fetchPlaceable(fetchPage, 'reminder', from, to, { pageSize: 10 })
    expect(reminders.records.map((e) => e.event_ID).sort((a, b) => a - b)).toEqual(
      events
        .filter((e) => {
          const k = versionKey(e.next_Scheduled_Date)
          return k !== null && k >= from && k < to
        })
        .map((e) => e.event_ID)
        .sort((a, b) => a - b),
    )
    await deleteEvent(other, undated.event_ID)
  })

  it('notices a deletion on the next full pass', async () => {
    const index = newIndex()
    await loadAll(index, fetchPage, undefined, { pageSize: 100 })
    const [victim] = (await listEvents(other, { pageSize: 1, sortBy: 'event_ID:desc' })).records
    await deleteEvent(other, victim!.event_ID)
    expect(index.get(victim!.event_ID)).toBeDefined()
    await loadAll(index, fetchPage, undefined, { pageSize: 100 })
    expect(index.get(victim!.event_ID)).toBeUndefined()
  })
})

// A record the contract rejects, and a page the service fails to send, from the real
// sandbox: the record written straight into its database (past its validation), the failures
// made by a thin proxy in front of its fetch.
describe('events the contract rejects, and pages the service fails to send', () => {
  let bad: InProcessSandbox
  let api: ApiClient
  let ids: number[]

  beforeAll(async () => {
    bad = startInProcessSandbox('event-index-gaps', { events: 230 })
    api = await bad.clientFor('admin')
    ids = (await listEvents(api, { pageSize: 1000, sortBy: 'event_ID:asc' })).records.map(
      (e) => e.event_ID,
    )
  })
  afterAll(() => bad.close())

  /** Page requests of `GET /events` as the proxy saw them. */
  let requests: { page: number; pageSize: number; sortBy: string }[] = []
  /**
   * The sandbox behind a proxy: page requests `fails` picks get a 500 with problem details
   * ('server') or no answer at all ('network'); everything else goes through untouched.
   */
  const through = (
    fails: (r: { page: number; pageSize: number; sortBy: string }) => 'server' | 'network' | null,
  ): typeof globalThis.fetch => {
    requests = []
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname.endsWith('/events') && (init?.method ?? 'GET') === 'GET') {
        const r = {
          page: Number(url.searchParams.get('page')),
          pageSize: Number(url.searchParams.get('pageSize')),
          sortBy: url.searchParams.get('sortBy') ?? '',
        }
        requests.push(r)
        const how = fails(r)
        if (how === 'network') throw new TypeError('Failed to fetch')
        if (how === 'server')
          return new Response(
            JSON.stringify({
              data: null,
              error: { title: 'Internal Server Error', status: 500, detail: 'It failed.' },
              debug: { activityID: 'proxy' },
            }),
            { status: 500, headers: { 'content-type': 'application/json' } },
          )
      }
      return bad.fetch(input, init)
    }
  }
  const pagesOf =
    (client: ApiClient): FetchPage =>
    (page, pageSize, sortBy) =>
      listEvents(client, { page, pageSize, sortBy })
  const positions = (r: { page: number; pageSize: number }) => ({
    first: (r.page - 1) * r.pageSize + 1,
    last: r.page * r.pageSize,
  })
  const loadOptions = { pageSize: 50, concurrency: 3, retryDelayMs: 0 }

  it('leaves out an event that fails the contract, names it by ID only, and reads on', async () => {
    // The 120th event by ID, inside a full page: a page of 49 good events is not the last.
    const victim = ids[119]!
    bad.storeRaw('events', victim, { start_Date: 'Ana Smith called' })
    const page = await listEvents(api, { page: 3, pageSize: 50, sortBy: 'event_ID:asc' })
    expect(page.records).toHaveLength(49)
    expect(page.unreadable).toEqual([{ id: victim, fields: ['start_Date'] }])
    expect(JSON.stringify(page.unreadable)).not.toContain('Ana Smith')

    const index = newIndex()
    await loadAll(index, pagesOf(api), undefined, loadOptions)
    expect(index.size).toBe(229)
    expect(index.get(victim)).toBeUndefined()
    expect(index.unreadable()).toEqual({ ids: [victim], nameless: 0 })
    expect([...index.versions().keys()].sort((a, b) => a - b)).toEqual(
      ids.filter((id) => id !== victim),
    )

    // Its own read gives what can be read and names what cannot; the strict read refuses it
    // without quoting it.
    const read = await readEvent(api, victim)
    expect(read.complete).toBe(false)
    expect(read.unreadable).toEqual(['start_Date'])
    expect(read.record.event_ID).toBe(victim)
    expect(read.record.subject).toBeTruthy()
    expect(read.record).not.toHaveProperty('start_Date')
    const strict = await getEvent(api, victim).catch((e: unknown) => e)
    expect(strict).toBeInstanceOf(ResponseShapeError)
    expect((strict as Error).message).toContain('start_Date')
    expect((strict as Error).message).not.toContain('Ana Smith')

    // A sync sees another go bad and the first repaired; deleting one takes it off the list.
    const since = await newestVersion(pagesOf(api))
    const second = ids[10]!
    bad.storeRaw('events', second, { due_Date: '31/12/2026' })
    bad.storeRaw('events', victim, { start_Date: '2026-12-01T09:00:00' })
    await syncChanges(index, pagesOf(api), since)
    expect(index.get(second)).toBeUndefined()
    expect(index.get(victim)?.start_Date).toBe('2026-12-01T09:00:00')
    expect(index.unreadable()).toEqual({ ids: [second], nameless: 0 })
    await deleteEvent(api, second)
    await loadAll(index, pagesOf(api), undefined, loadOptions)
    expect(index.unreadable()).toEqual({ ids: [], nameless: 0 })
    expect(index.size).toBe(229)
    ids = ids.filter((id) => id !== second)
  })

  it('does not list again an unreadable event deleted while the load was reading', async () => {
    const victim = ids[60]!
    bad.storeRaw('events', victim, { due_Date: 'next week' })
    const index = newIndex()
    let met = false
    const deleting: FetchPage = async (page, pageSize, sortBy) => {
      // Its page was read (and taken in); then the user deletes it from its page, and the
      // index drops it, while the load reads on.
      if (met && index.unreadable().ids.includes(victim)) {
        await deleteEvent(api, victim)
        index.remove([victim])
      }
      const read = await pagesOf(api)(page, pageSize, sortBy)
      met ||= read.unreadable.some((u) => u.id === victim)
      return read
    }
    await loadAll(index, deleting, undefined, { ...loadOptions, concurrency: 1 })
    expect(met).toBe(true)
    expect(index.unreadable()).toEqual({ ids: [], nameless: 0 })
    expect(index.get(victim)).toBeUndefined()
    ids = ids.filter((id) => id !== victim)
  })

  it('reads a date range around an unreadable event and lists it', async () => {
    const all = newIndex()
    await loadAll(all, pagesOf(api), undefined, loadOptions)
    const dated = [...all.versions().keys()].map((id) => all.get(id)!).filter((e) => e.due_Date)
    const target = dated[Math.floor(dated.length / 2)]!
    // Text in a whole-number column: SQLite keeps it as text.
    bad.storeRaw('events', target.event_ID, { userGroup_Key: 'group five' })
    const due = versionKey(target.due_Date)!
    const found = await fetchRange(pagesOf(api), 'due_Date', due - 86_400_000, due + 86_400_000, {
      pageSize: 10,
    })
    expect(found.unreadable).toContainEqual({ id: target.event_ID, fields: ['userGroup_Key'] })
    expect(found.records.map((e) => e.event_ID)).not.toContain(target.event_ID)
    const expected = dated.filter((e) => {
      const k = versionKey(e.due_Date)!
      return e.event_ID !== target.event_ID && k >= due - 86_400_000 && k < due + 86_400_000
    })
    expect(found.records.map((e) => e.event_ID).sort((a, b) => a - b)).toEqual(
      expected.map((e) => e.event_ID).sort((a, b) => a - b),
    )
    bad.storeRaw('events', target.event_ID, { userGroup_Key: null })
  })

  it('asks a failed page again, then reads it in smaller pages', async () => {
    // Page 2 fails once (a 500): asked again, it comes.
    let failures = 0
    const once = await bad.clientFor(
      'admin',
      through((r) => (r.pageSize === 50 && r.page === 2 && failures++ === 0 ? 'server' : null)),
    )
    const index = newIndex()
    const result = await loadAll(index, pagesOf(once), undefined, loadOptions)
    expect(result.missing).toEqual([])
    expect(index.size).toBe(ids.length)
    expect(requests.filter((r) => r.pageSize === 50 && r.page === 2)).toHaveLength(2)

    // Page 3 never comes at size 50 (no answer at all): its range is read in pages of 5.
    const never = await bad.clientFor(
      'admin',
      through((r) => (r.pageSize === 50 && r.page === 3 ? 'network' : null)),
    )
    const again = newIndex()
    const second = await loadAll(again, pagesOf(never), undefined, loadOptions)
    expect(second.missing).toEqual([])
    expect(again.size).toBe(ids.length)
    expect(requests.filter((r) => r.pageSize === 5).map((r) => r.page)).toEqual(
      Array.from({ length: 10 }, (_, i) => 21 + i),
    )
  })

  it('says which range is missing when it cannot be read, and reads the rest', async () => {
    // Every request touching events 51–100 (by ID) fails, whatever its size.
    const client = await bad.clientFor(
      'admin',
      through((r) => {
        const { first, last } = positions(r)
        return r.sortBy === 'event_ID:asc' && first <= 100 && last >= 51 ? 'server' : null
      }),
    )
    const index = newIndex()
    // Loaded before (the index of a session that ran a while): those 50 stay, not "deleted".
    await loadAll(index, pagesOf(api), undefined, loadOptions)
    expect(index.size).toBe(ids.length)
    const result = await loadAll(index, pagesOf(client), undefined, loadOptions)
    expect(result.missing).toEqual([{ from: 51, to: 100 }])
    expect(index.size).toBe(ids.length)

    const fresh = newIndex()
    const first = await loadAll(fresh, pagesOf(client), undefined, loadOptions)
    expect(first.missing).toEqual([{ from: 51, to: 100 }])
    expect([...fresh.versions().keys()].sort((a, b) => a - b)).toEqual([
      ...ids.slice(0, 50),
      ...ids.slice(100),
    ])
  })

  it('fails the load, rather than reading forever, when every page fails', async () => {
    const down = await bad.clientFor(
      'admin',
      through(() => 'server'),
    )
    await expect(loadAll(newIndex(), pagesOf(down), undefined, loadOptions)).rejects.toMatchObject({
      status: 500,
    })
  })
})
