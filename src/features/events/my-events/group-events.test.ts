import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { groupEvents, type QueueItem } from './group-events'

const event = (event_ID: number, over: Partial<Event> = {}): Event => ({
  event_ID,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
const ids = (items: QueueItem[]) => items.map((i) => i.event.event_ID)
const now = new Date(2026, 2, 14, 12, 0) // 14 Mar 2026, 12:00 local

describe('groupEvents', () => {
  it('sorts by due date into overdue, today and upcoming, earliest first', () => {
    const groups = groupEvents(
      [
        event(1, { due_Date: '2026-03-20T09:00:00' }),
        event(2, { due_Date: '2026-03-14T11:59:00' }),
        event(3, { due_Date: '2026-03-01T09:00:00' }),
        event(4, { due_Date: '2026-03-14T23:59:00' }),
        event(5, { due_Date: '2026-03-14T12:00:00' }),
        event(6, { due_Date: '2026-03-15T00:00:00' }),
      ],
      now,
      'Completed',
    )
    expect(ids(groups.overdue)).toEqual([3, 2])
    expect(ids(groups.today)).toEqual([5, 4])
    expect(ids(groups.upcoming)).toEqual([6, 1])
    expect(groups.undated).toEqual([])
  })

  it('uses the reminder when there is no due date (a reminder that rang is today), and keeps undated ones apart', () => {
    const groups = groupEvents(
      [
        event(1, { next_Scheduled_Date: '2026-03-13T08:00:00', reminder: true }),
        event(2, { next_Scheduled_Date: '2026-03-14T15:00:00', due_Date: null, reminder: true }),
        event(3, { due_Date: '2026-03-16T09:00:00', next_Scheduled_Date: '2026-03-10T00:00:00' }),
        event(4),
        event(5, { due_Date: 'not a date' }),
        // A next date with the reminder off rings for nobody: undated.
        event(6, { next_Scheduled_Date: '2026-03-14T15:00:00' }),
      ],
      now,
      'Completed',
    )
    expect(ids(groups.overdue)).toEqual([])
    expect(ids(groups.today)).toEqual([1, 2])
    expect(ids(groups.upcoming)).toEqual([3])
    expect(ids(groups.undated)).toEqual([4, 5, 6])
  })

  it('puts a snoozed overdue event in Snoozed until its reminder, then back in Overdue', () => {
    const snoozed = event(1, {
      due_Date: '2026-03-13T09:00:00',
      reminder: true,
      next_Scheduled_Date: '2026-03-14T12:15:00',
    })
    const before = groupEvents([snoozed], now, 'Completed')
    expect(ids(before.snoozed)).toEqual([1])
    expect(before.snoozed[0]?.snoozedUntil).toBe(new Date(2026, 2, 14, 12, 15).getTime())
    expect(ids(before.overdue)).toEqual([])
    const after = groupEvents([snoozed], new Date(2026, 2, 14, 12, 15), 'Completed')
    expect(ids(after.overdue)).toEqual([1])
    expect(ids(after.snoozed)).toEqual([])
  })

  it('leaves out completed events (by completion date or the completed status)', () => {
    const groups = groupEvents(
      [
        event(1, { due_Date: '2026-03-10T09:00:00', completion_Date: '2026-03-11T09:00:00' }),
        event(2, { due_Date: '2026-03-10T09:00:00', status: 'done' }),
        event(3, { due_Date: '2026-03-10T09:00:00', status: 'Open' }),
      ],
      now,
      'Done',
    )
    expect(ids(groups.overdue)).toEqual([3])
  })

  it('orders events due at the same moment by ID', () => {
    const due = '2026-03-20T09:00:00'
    const groups = groupEvents([event(9, { due_Date: due }), event(4, { due_Date: due })], now, 'x')
    expect(ids(groups.upcoming)).toEqual([4, 9])
  })

  it('puts overdue events by priority, then oldest first; unknown priorities last', () => {
    const rank: Record<string, number> = { URGENT: 0, HIGH: 1, NORMAL: 2, LOW: 3, ODD: 4 }
    const groups = groupEvents(
      [
        event(1, { due_Date: '2026-03-01T09:00:00', priority: 'LOW' }),
        event(2, { due_Date: '2026-03-10T09:00:00', priority: 'URGENT' }),
        event(3, { due_Date: '2026-03-02T09:00:00', priority: 'ODD' }),
        event(4, { due_Date: '2026-03-05T09:00:00', priority: 'URGENT' }),
        event(5, { due_Date: '2026-03-03T09:00:00', priority: 'HIGH' }),
      ],
      now,
      'Completed',
      (e) => rank[e.priority ?? ''] ?? 4,
    )
    expect(ids(groups.overdue)).toEqual([4, 2, 5, 1, 3])
  })
})
