import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import {
  actionFields,
  alreadyDone,
  applyAction,
  describeAction,
  describeSkipped,
  undoEvents,
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

describe('undoEvents', () => {
  it('puts back the changed fields only, from the events as they were', () => {
    const action = { kind: 'assign-group' as const, groupKey: 3 }
    const sent = [applyAction(base, action)]
    const later = { ...sent[0]!, subject: 'Renamed meanwhile' }
    expect(undoEvents([later], [base], actionFields(action))).toEqual([
      { ...later, user_ID: 'staff', userGroup_Key: null },
    ])
  })

  it('skips events it has no earlier version of', () => {
    expect(undoEvents([{ ...base, event_ID: 99 }], [base], ['status'])).toEqual([])
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
