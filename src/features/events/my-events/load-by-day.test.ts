import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { loadByDay } from './load-by-day'

const event = (event_ID: number, over: Partial<Event> = {}): Event => ({
  event_ID,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
const now = new Date(2026, 2, 14, 12, 0) // 14 Mar 2026, 12:00 local

describe('loadByDay', () => {
  it('has one entry per day from today, starting at local midnight', () => {
    const load = loadByDay([], now, 'Completed')
    expect(load.days).toHaveLength(14)
    expect(load.days[0]?.day).toEqual(new Date(2026, 2, 14))
    expect(load.days[13]?.day).toEqual(new Date(2026, 2, 27))
    expect(load.max).toBe(0)
    expect(load.total).toBe(0)
  })

  it('counts events by day and priority, by due date else next reminder', () => {
    const load = loadByDay(
      [
        event(1, { due_Date: '2026-03-14T15:00:00', priority: 'HIGH' }),
        event(2, { due_Date: '2026-03-14T23:59:59', priority: 'HIGH' }),
        event(3, { next_Scheduled_Date: '2026-03-14T13:00:00', priority: 'LOW' }),
        event(4, { due_Date: '2026-03-16T00:00:00' }),
        event(5, { due_Date: '2026-03-27T23:00:00', priority: 'URGENT' }),
      ],
      now,
      'Completed',
    )
    expect(load.days[0]).toMatchObject({ total: 3, counts: { HIGH: 2, LOW: 1 } })
    expect(load.days[2]).toMatchObject({ total: 1, counts: { '': 1 } })
    expect(load.days[13]).toMatchObject({ total: 1, counts: { URGENT: 1 } })
    expect(load.max).toBe(3)
    expect(load.total).toBe(5)
  })

  it('leaves out what is overdue, beyond the 14 days, completed or undated', () => {
    const load = loadByDay(
      [
        event(1, { due_Date: '2026-03-14T11:00:00' }), // earlier today: overdue
        event(2, { due_Date: '2026-03-28T00:00:00' }), // day 15
        event(3, { due_Date: '2026-03-15T09:00:00', completion_Date: '2026-03-13T09:00:00' }),
        event(4, { due_Date: '2026-03-15T09:00:00', status: 'Completed' }),
        event(5),
      ],
      now,
      'Completed',
    )
    expect(load.total).toBe(0)
  })

  it('takes the number of days', () => {
    const load = loadByDay([event(1, { due_Date: '2026-03-16T09:00:00' })], now, 'Completed', 2)
    expect(load.days).toHaveLength(2)
    expect(load.total).toBe(0)
  })
})
