import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { describeBusiest, loadByDay } from './load-by-day'

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

  it('counts events by day and priority, by due date else reminder', () => {
    const load = loadByDay(
      [
        event(1, { due_Date: '2026-03-14T15:00:00', priority: 'HIGH' }),
        event(2, { due_Date: '2026-03-14T23:59:59', priority: 'HIGH' }),
        event(3, { next_Scheduled_Date: '2026-03-14T13:00:00', priority: 'LOW', reminder: true }),
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

describe('describeBusiest', () => {
  const name = (d: Date) => `${d.getDate()}/${d.getMonth() + 1}`
  const on = (...days: number[]) =>
    days.map((d, i) => event(i + 1, { due_Date: `2026-03-${String(d).padStart(2, '0')}T15:00:00` }))
  const busiest = (events: ReturnType<typeof event>[]) =>
    describeBusiest(loadByDay(events, now, 'Completed'), name)

  it('names the one busiest day', () => {
    expect(busiest(on(15, 15, 16))).toBe('busiest 15/3 with 2')
  })
  it('names every day that ties, not just the first', () => {
    expect(busiest(on(15, 16))).toBe('busiest 15/3 and 16/3, with 1 each')
    expect(busiest(on(15, 15, 17, 17, 20, 20))).toBe('busiest 15/3, 17/3 and 20/3, with 2 each')
  })
  it('counts the days when many tie', () => {
    expect(busiest(on(15, 16, 17, 18))).toBe('4 days have 1 each, the most')
  })
  it('says nothing when nothing is coming', () => {
    expect(busiest([])).toBe('')
  })
})
