import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import {
  actionFields,
  alreadyDone,
  applyAction,
  describeAction,
  describeSkipped,
  fieldsOf,
  holds,
  stillAsLeft,
  type BulkAction,
} from './bulk-changes'

const base: Event = {
  event_ID: 5,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  subject: 'Call provider',
  user_ID: 'staff',
  userGroup_Key: null,
  priority: 'LOW',
  status: 'Open',
  completion_Percent: 20,
  completion_Date: null,
  custom_Field: 'kept',
}

describe('applyAction', () => {
  it('assigns to a user or to a group, never both, and keeps every other field', () => {
    expect(applyAction(base, { kind: 'assign-group', groupKey: 3 })).toEqual({
      ...base,
      user_ID: null,
      userGroup_Key: 3,
    })
    const toUser = applyAction(
      { ...base, user_ID: null, userGroup_Key: 3 },
      {
        kind: 'assign-user',
        userId: 'admin',
      },
    )
    expect(toUser).toMatchObject({ user_ID: 'admin', userGroup_Key: null, custom_Field: 'kept' })
  })

  it('marks complete: completion date now, 100 percent, the configured status', () => {
    const done = applyAction(base, {
      kind: 'complete',
      completedStatus: 'Closed',
      completedAt: '2026-03-14T09:30:00',
    })
    expect(done).toEqual({
      ...base,
      completion_Date: '2026-03-14T09:30:00',
      completion_Percent: 100,
      status: 'Closed',
    })
  })

  it('sets a priority or a status', () => {
    expect(
      applyAction(base, { kind: 'priority', priority: 'URGENT', label: 'Urgent' }).priority,
    ).toBe('URGENT')
    expect(applyAction(base, { kind: 'status', status: 'Waiting' }).status).toBe('Waiting')
  })
})

describe('snooze and reschedule', () => {
  const snooze: BulkAction = {
    kind: 'snooze',
    until: '2026-11-25T09:00:00',
    label: 'until 25 Nov',
    completedStatus: 'Completed',
  }
  it('a snooze turns the reminder on at that time; a completed event is skipped', () => {
    expect(applyAction({ ...base, reminder: false }, snooze)).toMatchObject({
      reminder: true,
      next_Scheduled_Date: '2026-11-25T09:00:00',
      next_Scheduled_Time: '2026-11-25T09:00:00',
      custom_Field: 'kept',
    })
    expect(alreadyDone({ ...base, status: 'Completed' }, snooze)).toBe(true)
    expect(alreadyDone({ ...base, next_Scheduled_Date: '2026-11-25T09:00:00.000' }, snooze)).toBe(
      true,
    )
    expect(
      alreadyDone({ ...base, reminder: false, next_Scheduled_Date: '2026-11-25T09:00:00' }, snooze),
    ).toBe(false)
  })
  it('a reschedule moves the due date alone', () => {
    const moved = applyAction(base, { kind: 'reschedule', due: '2026-12-01T08:00:00', label: '' })
    expect(moved).toEqual({ ...base, due_Date: '2026-12-01T08:00:00' })
    expect(actionFields({ kind: 'reschedule', due: '', label: '' })).toEqual(['due_Date'])
  })
})

describe('undo of a bulk change', () => {
  const action: BulkAction = { kind: 'assign-group', groupKey: 3 }
  it('keeps the fields the action changes, as they were', () => {
    expect(fieldsOf(base, action)).toEqual({ user_ID: 'staff', userGroup_Key: null })
  })
  it('may put them back while the event still holds what the action wrote', () => {
    const after = { ...applyAction(base, action), subject: 'Renamed meanwhile' }
    // Another field changed since: the undo may still go ahead (and keeps the new subject).
    expect(stillAsLeft(after, action)).toBe(true)
    // Someone reassigned it since: theirs stands.
    expect(stillAsLeft({ ...after, userGroup_Key: 4 }, action)).toBe(false)
    expect(stillAsLeft({ ...after, user_ID: 'dchen', userGroup_Key: null }, action)).toBe(false)
  })
  it('compares dates as moments and empty values alike', () => {
    const snooze: BulkAction = {
      kind: 'snooze',
      until: '2026-11-25T09:00:00',
      label: '',
      completedStatus: 'Completed',
    }
    const stored = {
      ...base,
      reminder: true,
      next_Scheduled_Date: '2026-11-25T09:00:00.000',
      next_Scheduled_Time: '2026-11-25T09:00:00',
    }
    expect(stillAsLeft(stored, snooze)).toBe(true)
    expect(
      holds({ ...base, user_ID: 'staff' }, { user_ID: 'staff', userGroup_Key: undefined }),
    ).toBe(true)
    expect(holds(base, { status: 'Closed' })).toBe(false)
  })
})

describe('describeAction', () => {
  it('says what happened, with the right plural', () => {
    expect(describeAction({ kind: 'assign-user', userId: 'staff' }, 1)).toBe(
      'Assigned 1 event to staff',
    )
    expect(
      describeAction({ kind: 'complete', completedStatus: 'Completed', completedAt: '' }, 3),
    ).toBe('Marked 3 events complete')
    expect(describeAction({ kind: 'status', status: 'Open' }, 5132)).toBe(
      'Set the status of 5,132 events to Open',
    )
  })
})

describe('alreadyDone', () => {
  const complete = {
    kind: 'complete',
    completedStatus: 'Completed',
    completedAt: '2026-11-22T10:00:00',
  } as const
  it('skips a completed event when marking complete (by status, in any case, or by date)', () => {
    expect(alreadyDone({ ...base, status: 'completed' }, complete)).toBe(true)
    expect(alreadyDone({ ...base, completion_Date: '2026-11-01T09:00:00' }, complete)).toBe(true)
    expect(alreadyDone(base, complete)).toBe(false)
    expect(describeSkipped(complete, 2)).toBe('2 already complete')
  })
  it('skips an event that already has the value set', () => {
    expect(alreadyDone(base, { kind: 'priority', priority: 'LOW', label: 'Low' })).toBe(true)
    expect(alreadyDone(base, { kind: 'priority', priority: 'HIGH', label: 'High' })).toBe(false)
    expect(alreadyDone(base, { kind: 'assign-user', userId: 'staff' })).toBe(true)
    expect(alreadyDone(base, { kind: 'assign-group', groupKey: 3 })).toBe(false)
    expect(alreadyDone(base, { kind: 'status', status: 'Open' })).toBe(true)
  })
})
