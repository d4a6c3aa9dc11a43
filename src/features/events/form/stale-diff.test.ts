import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { isNewerOnService, staleChanges } from './stale-diff'

const loaded: Event = {
  event_ID: 5,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  subject: 'Call provider',
  status: 'Open',
  due_Date: '2026-03-14T09:30:00',
  update_Date: '2026-03-10T08:00:00',
  update_User: 'staff',
  legacy_Flag: 'A',
}

describe('isNewerOnService', () => {
  it('is true only when the service update date is later', () => {
    expect(isNewerOnService(loaded, { ...loaded })).toBe(false)
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-10T08:00:01' })).toBe(true)
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-09T08:00:00' })).toBe(false)
    // Same moment written another way is not newer.
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-10T08:00:00.000' })).toBe(
      false,
    )
    expect(isNewerOnService({ ...loaded, update_Date: null }, loaded)).toBe(true)
  })
})

describe('staleChanges', () => {
  it('lists each field changed on the service with its value now and the one being saved', () => {
    const server = {
      ...loaded,
      subject: 'Call provider today',
      status: 'Waiting',
      update_Date: '2026-03-11T10:00:00',
      update_User: 'admin',
    }
    const yours = { ...loaded, status: 'In progress' }
    expect(staleChanges(loaded, server, yours)).toEqual([
      { field: 'status', server: 'Waiting', yours: 'In progress' },
      { field: 'subject', server: 'Call provider today', yours: 'Call provider' },
    ])
  })

  it('ignores the bookkeeping fields and dates written another way, treats null and absent alike', () => {
    const server = {
      ...loaded,
      due_Date: '2026-03-14T09:30:00.000',
      update_Date: '2026-03-11T10:00:00',
      update_User: 'admin',
      meta_Data: null,
    }
    expect(staleChanges(loaded, server, loaded)).toEqual([])
  })

  it('includes fields the document does not name, after the documented ones', () => {
    const server = { ...loaded, priority: 'HIGH', legacy_Flag: 'B', extra: 1 }
    expect(staleChanges(loaded, server, loaded).map((c) => c.field)).toEqual([
      'priority',
      'extra',
      'legacy_Flag',
    ])
  })
})
