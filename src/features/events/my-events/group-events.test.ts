import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { groupEvents } from './group-events'

const event = (event_ID: number, over: Partial<Event> = {}): Event => ({
  event_ID,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
const ids = (events: Event[]) => events.map((e) => e.event_ID)
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

  it('uses the next reminder when there is no due date, and keeps undated ones apart', () => {
    const groups = groupEvents(
      [
        event(1, { next_Scheduled_Date: '2026-03-13T08:00:00' }),
        event(2, { next_Scheduled_Date: '2026-03-14T15:00:00', due_Date: null }),
        event(3, { due_Date: '2026-03-16T09:00:00', next_Scheduled_Date: '2026-03-10T00:00:00' }),
        event(4),
        event(5, { due_Date: 'not a date' }),
      ],
      now,
      'Completed',
    )
    expect(ids(groups.overdue)).toEqual([1])
    expect(ids(groups.today)).toEqual([2])
    expect(ids(groups.upcoming)).toEqual([3])
    expect(ids(groups.undated)).toEqual([4, 5])
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
    const rank: Record<string, number> = { URGENT: 0, HIGH: 1, NORMAL: 2, LOW: 3 }
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
      (e) => rank[e.priority ?? ''] ?? -1,
    )
    expect(ids(groups.overdue)).toEqual([4, 2, 5, 1, 3])
  })
})
