import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { eventFields, type Event } from '@/api/schemas/event'
import {
  changedFields,
  conflictChanges,
  isNewerOnService,
  mineOnTheirs,
  valuesOnTheirs,
} from './edit-conflict'

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

const auth = (over: Partial<Auth> & Record<string, unknown> = {}): Auth => ({
  auth_Number: '26-000001',
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  notes: 'Loaded',
  units_Approved: 10,
  assigned_User: 'dchen',
  update_Date: '2026-03-01T09:00:00',
  update_User: 'dchen',
  ...over,
})

describe('isNewerOnService', () => {
  it('is true only when the service update date is later', () => {
    expect(isNewerOnService(loaded, { ...loaded })).toBe(false)
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-10T08:00:01' })).toBe(true)
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-09T08:00:00' })).toBe(false)
    // Same moment written another way is not newer.
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-10T08:00:00.000' })).toBe(
      false,
    )
    // Milliseconds count: two saves within one second are still told apart.
    expect(isNewerOnService(loaded, { ...loaded, update_Date: '2026-03-10T08:00:00.250' })).toBe(
      true,
    )
    expect(isNewerOnService({ ...loaded, update_Date: null }, loaded)).toBe(true)
  })
})

describe('conflictChanges (events)', () => {
  it('lists each field they changed with their value and what saving mine on top writes', () => {
    const latest = {
      ...loaded,
      subject: 'Call provider today',
      status: 'Waiting',
      update_Date: '2026-03-11T10:00:00',
      update_User: 'admin',
    }
    const mine = { ...loaded, status: 'In progress' }
    const merged = mineOnTheirs(loaded, latest, mine)
    expect(conflictChanges(loaded, latest, merged, eventFields)).toEqual([
      { field: 'status', theirs: 'Waiting', yours: 'In progress', overwrites: true },
      {
        field: 'subject',
        theirs: 'Call provider today',
        yours: 'Call provider today',
        overwrites: false,
      },
    ])
  })

  it('ignores the bookkeeping fields and dates written another way, treats null and absent alike', () => {
    const latest = {
      ...loaded,
      due_Date: '2026-03-14T09:30:00.000',
      update_Date: '2026-03-11T10:00:00',
      update_User: 'admin',
      meta_Data: null,
    }
    expect(conflictChanges(loaded, latest, loaded, eventFields)).toEqual([])
  })

  it('includes fields the document does not name, after the documented ones', () => {
    const latest = { ...loaded, priority: 'HIGH', legacy_Flag: 'B', extra: 1 }
    expect(conflictChanges(loaded, latest, loaded, eventFields).map((c) => c.field)).toEqual([
      'priority',
      'extra',
      'legacy_Flag',
    ])
  })
})

describe('conflictChanges (auths)', () => {
  it('lists the fields someone else changed, with their value and the one saving would write', () => {
    const base = auth()
    const latest = auth({
      units_Approved: 12,
      assigned_User: 'iwhite',
      update_Date: '2026-03-02T10:00:00',
      update_User: 'iwhite',
    })
    const mine = auth({ units_Approved: 14, notes: 'Mine' })
    expect(conflictChanges(base, latest, mineOnTheirs(base, latest, mine))).toEqual([
      { field: 'assigned_User', theirs: 'iwhite', yours: 'iwhite', overwrites: false },
      { field: 'units_Approved', theirs: 12, yours: 14, overwrites: true },
    ])
  })

  it('does not flag a field both sides set to the same value, nor the update stamps', () => {
    const base = auth()
    const latest = auth({ notes: 'Same', update_Date: '2026-03-05T00:00:00' })
    const mine = auth({ notes: 'Same' })
    expect(conflictChanges(base, latest, mine)).toEqual([
      { field: 'notes', theirs: 'Same', yours: 'Same', overwrites: false },
    ])
  })

  it('sees fields the form does not know, added or cleared by the other save', () => {
    const base = auth({ cityCode_ID: 'X1' })
    const latest = auth({ cityCode_ID: null, custom_Flag: 'new' })
    const changes = conflictChanges(base, latest, mineOnTheirs(base, latest, base))
    expect(changes.map((c) => [c.field, c.theirs, c.overwrites])).toEqual([
      ['cityCode_ID', null, false],
      ['custom_Flag', 'new', false],
    ])
  })

  it('treats null and a missing field as the same value', () => {
    expect(conflictChanges(auth({ notes: null }), auth({ notes: undefined }), auth())).toEqual([])
  })
})

describe('mineOnTheirs', () => {
  it('keeps their changes where the user changed nothing and puts the user’s edits on top', () => {
    const base = auth()
    const latest = auth({
      assigned_User: 'iwhite',
      units_Approved: 12,
      update_Date: '2026-03-02T10:00:00',
    })
    const mine = auth({ units_Approved: 14 })
    const saved = mineOnTheirs(base, latest, mine)
    expect(saved.assigned_User).toBe('iwhite')
    expect(saved.units_Approved).toBe(14)
    // The version written is theirs: a conditional write compares against it.
    expect(saved.update_Date).toBe('2026-03-02T10:00:00')
    expect(changedFields(base, mine)).toEqual({ units_Approved: 14 })
  })
})

describe('valuesOnTheirs', () => {
  it('keeps what the user typed where they changed it and takes the newer value elsewhere', () => {
    const baseValues = { notes: 'Loaded', units_Approved: '10', urgent: false, status: 'Open' }
    const latestValues = { notes: 'Loaded', units_Approved: '12', urgent: false, status: 'Closed' }
    const current = { notes: 'Typed', units_Approved: '11', urgent: true, status: 'Open' }
    expect(valuesOnTheirs(baseValues, latestValues, current)).toEqual({
      notes: 'Typed',
      units_Approved: '11',
      urgent: true,
      status: 'Closed',
    })
  })
})
