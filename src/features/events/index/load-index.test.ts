// The index loaded from and kept in step with the real sandbox service (through its fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '@/api/client'
import { createEvent, deleteEvent, listEvents, updateEvent } from '@/api/events'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { createEventIndex } from './event-index'
import { loadAll, syncChanges, type FetchPage } from './load-index'

let service: InProcessSandbox
let staff: ApiClient
let other: ApiClient
let pagesRead = 0

beforeAll(async () => {
  service = startInProcessSandbox('event-index', { events: 230 })
  staff = await service.clientFor('staff')
  other = await service.clientFor('admin')
})
afterAll(() => service.close())

const fetchPage: FetchPage = (page, pageSize, sortBy) => {
  pagesRead++
  return listEvents(staff, { page, pageSize, sortBy })
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
    const changed = await syncChanges(index, fetchPage, { pageSize: 100 })
    expect(changed.map((e) => e.event_ID).sort()).toEqual(
      [edited.event_ID, created.event_ID].sort(),
    )
    expect(pagesRead).toBe(1)
    expect(index.get(edited.event_ID)?.subject).toBe('Changed by another client')
    expect(index.get(created.event_ID)?.subject).toBe('Created by another client')
    // Nothing new: one page read, nothing changed.
    expect(await syncChanges(index, fetchPage, { pageSize: 100 })).toEqual([])
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
