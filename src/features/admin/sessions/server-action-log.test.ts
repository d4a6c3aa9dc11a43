import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '@/api/audit'
import { actionOfEntry } from './server-action-log'

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 12,
  at: '2026-11-27T10:00:00.000Z',
  userId: 'admin',
  userName: 'Alex Admin',
  action: 'write',
  operation: 'POST /kick/{userId}',
  recordType: null,
  recordId: 'staff',
  changes: null,
  status: 200,
  activityId: 'act-9',
  detail: { kickResult: { user_ID: 'staff', sessionsEnded: 2 } },
  ...over,
})

describe('actionOfEntry', () => {
  it('tells a kick the record kept as the page told it when made', () => {
    expect(actionOfEntry(entry({}))).toEqual({
      id: '12',
      at: Date.parse('2026-11-27T10:00:00.000Z'),
      actorId: 'admin',
      actorName: 'Alex Admin',
      action: 'End the session of staff',
      outcome: 'done',
      result: 'Ended 2 sessions of staff',
      activityId: 'act-9',
    })
  })

  it('reads the refusals: no such user, nobody else, not allowed, and any other answer', () => {
    expect(actionOfEntry(entry({ status: 404, detail: null, recordId: 'ghost' }))).toMatchObject({
      outcome: 'no-such-user',
      result: 'No such user: ghost',
    })
    expect(
      actionOfEntry(entry({ status: 404, operation: 'POST /kick', recordId: null, detail: null })),
    ).toMatchObject({ action: 'End the longest session', outcome: 'nobody-else' })
    expect(actionOfEntry(entry({ status: 403, detail: null }))).toMatchObject({
      outcome: 'not-allowed',
    })
    expect(actionOfEntry(entry({ status: 502, detail: null }))).toMatchObject({
      outcome: 'failed',
      result: 'End the session of staff: the service answered 502',
    })
  })
})
