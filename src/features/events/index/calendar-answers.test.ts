import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { calendarAnswer, dayAnswer, eventsAnswer, recentSearchAnswer } from './calendar-answers'
import { createEventIndex } from './event-index'

const ORDER = ['LOW', 'NORMAL', 'HIGH', 'URGENT']
const event = (id: number, over: Partial<Event>): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  status: 'Open',
  priority: 'NORMAL',
  user_ID: 'staff',
  ...over,
})
const index = createEventIndex({ priorityOrder: ORDER, completedStatus: 'Completed' })
index.upsert([
  event(1, { due_Date: '2026-11-17T09:00:00', priority: 'URGENT' }),
  event(2, { due_Date: '2026-11-17T10:00:00' }),
  event(3, { due_Date: '2026-11-17T11:00:00', user_ID: 'dchen' }),
  event(4, { due_Date: '2026-11-17T12:00:00', status: 'Completed' }),
  event(5, { start_Date: '2026-11-16T09:00:00', end_Date: '2026-11-18T09:00:00' }),
  event(6, { subject: 'no dates' }),
  event(7, { due_Date: '2026-12-01T09:00:00' }),
])
// Monday 16 – Sunday 22 November 2026; now is Wednesday 18th, noon.
const request = {
  filter: { user: ['staff'] },
  from: '2026-11-16T00:00:00',
  to: '2026-11-23T00:00:00',
  by: 'dates' as const,
  now: new Date(2026, 10, 18, 12).getTime(),
  perDay: 2,
}

describe("the calendar's answers from the index", () => {
  it("a view's days, drawn events and counts, after the view's filter", () => {
    const answer = calendarAnswer(index, request, ORDER)
    expect(answer.size).toBe(7)
    expect(answer.placed).toBe(4) // 1, 2, 4 and the span 5 (3 is dchen's, 7 is December's)
    expect(answer.unplaced).toBe(1) // 6
    const tuesday = answer.days[1]!
    expect(tuesday).toMatchObject({ total: 4, urgent: 1, overdue: 2, due: 0, more: 2 })
    expect(answer.drawn.map((d) => d.event.event_ID)).toEqual([5, 1])
    expect(calendarAnswer(index, { ...request, locate: 2 }, ORDER).located).toMatchObject({
      drawn: false,
    })
  })

  it("one day's list, most pressing first, a page of it at a time", () => {
    const day = {
      filter: request.filter,
      day: '2026-11-17T00:00:00',
      by: 'dates' as const,
      now: request.now,
      offset: 0,
      limit: 3,
    }
    const answer = dayAnswer(index, day, ORDER)
    expect(answer.total).toBe(4)
    expect(answer.rows.map((r) => r.event.event_ID)).toEqual([1, 2, 5])
    expect(
      dayAnswer(index, { ...day, offset: 3 }, ORDER).rows.map((r) => r.event.event_ID),
    ).toEqual([4])
  })

  it('the events held of some IDs', () => {
    expect(eventsAnswer(index, [2, 99, 5]).map((e) => e.event_ID)).toEqual([2, 5])
  })

  it('past the limit: the words searched among the recent events, in their order', () => {
    const recent = [
      event(9, { subject: 'Call the provider about claim 12' }),
      event(8, { subject: 'Audit a claim' }),
      event(7, { subject: 'Review' }),
    ]
    expect(recentSearchAnswer(recent, 'CLAIM', 1, 'Completed')).toEqual({
      rows: [recent[0]],
      total: 2,
      scanned: 3,
    })
    expect(recentSearchAnswer(recent, '7', 5, 'Completed').rows).toEqual([recent[2]])
  })
})
