// The index loaded from and kept in step with the real sandbox service (through its fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '@/api/client'
import { createEvent, deleteEvent, listEvents, updateEvent } from '@/api/events'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { createEventIndex } from './event-index'
import { versionKey } from './event-index'
import { fetchRange, loadAll, newestVersion, syncChanges, type FetchPage } from './load-index'

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
  eventsRead += events.length
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
    const [first] = await listEvents(other, { pageSize: 1 })
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
    const [early] = await listEvents(other, { pageSize: 1, sortBy: 'event_ID:asc' })
    let edits = 0
    const racing: FetchPage = async (page, pageSize, sortBy) => {
      const events = await fetchPage(page, pageSize, sortBy)
      if (page === 1 && edits++ === 0) {
        await updateEvent(other, { ...early!, subject: 'Edited during the load' })
        const [late] = await listEvents(other, { pageSize: 1, sortBy: 'event_ID:desc' })
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
    expect(found.map((e) => e.event_ID).sort((a, b) => a - b)).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
    // One-event probes and the range's own pages: far fewer events than all of them.
    expect(eventsRead).toBeLessThan(expected.length + 2 * 10 + 2 * 20)
    expect(eventsRead).toBeLessThan(all.size / 2)
  })

  it('notices a deletion on the next full pass', async () => {
    const index = newIndex()
    await loadAll(index, fetchPage, undefined, { pageSize: 100 })
    const [victim] = await listEvents(other, { pageSize: 1, sortBy: 'event_ID:desc' })
    await deleteEvent(other, victim!.event_ID)
    expect(index.get(victim!.event_ID)).toBeDefined()
    await loadAll(index, fetchPage, undefined, { pageSize: 100 })
    expect(index.get(victim!.event_ID)).toBeUndefined()
  })
})
