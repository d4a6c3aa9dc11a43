import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { dayDigest, dayEvents, type DigestSubject } from './day-digest'
import { factsOf } from './facts'

const C = 'Completed'
const ORDER = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] // as the service lists them, lowest first
const at = (d: number, h = 9) =>
  `2026-11-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00`
let id = 0
const subject = (over: Partial<Event>): DigestSubject => {
  const event: Event = {
    event_ID: ++id,
    claim_Audit_Event: false,
    process_Automation_Event: false,
    reminder: false,
    status: 'Open',
    priority: 'NORMAL',
    ...over,
  }
  return { event, facts: factsOf(event, C) }
}
const due = (day: number, priority = 'NORMAL', over: Partial<Event> = {}) =>
  subject({ due_Date: at(day), priority, ...over })
const span = (from: number, to: number, priority = 'NORMAL') =>
  subject({ start_Date: at(from), end_Date: at(to), priority })

// Mon 16 – Sun 22 November 2026; now is Wednesday 18th, 12:00.
const week = { from: new Date(2026, 10, 16).getTime(), to: new Date(2026, 10, 23).getTime() }
const now = new Date(2026, 10, 18, 12).getTime()
const digest = (subjects: DigestSubject[], perDay = 3) =>
  dayDigest(subjects, { ...week, by: 'dates', now, priorityOrder: ORDER, perDay })
const dayOf = (result: ReturnType<typeof digest>, date: number) =>
  result.days.find((d) => new Date(d.day).getDate() === date)!
const drawnIds = (result: ReturnType<typeof digest>) => result.drawn.map((d) => d.event.event_ID)

describe('dayDigest', () => {
  it('has every day of the range, local midnights across a clock change', () => {
    const october = {
      from: new Date(2026, 9, 19).getTime(),
      to: new Date(2026, 10, 2).getTime(),
    }
    const { days } = dayDigest([], {
      ...october,
      by: 'dates',
      now,
      priorityOrder: ORDER,
      perDay: 3,
    })
    expect(days).toHaveLength(14)
    for (const [i, d] of days.entries()) expect(new Date(d.day)).toEqual(new Date(2026, 9, 19 + i))
  })

  it('draws everything on quiet days', () => {
    const events = [due(16), due(16), due(17)]
    const result = digest(events)
    expect(drawnIds(result)).toEqual(events.map((s) => s.event.event_ID))
    expect(result.days.every((d) => d.more === 0)).toBe(true)
    expect(dayOf(result, 16).total).toBe(2)
  })

  it('counts what each day holds: events, urgent, overdue and due', () => {
    const result = digest([
      due(17, 'URGENT'), // overdue, urgent
      due(17, 'NORMAL', { status: C }), // completed: neither
      due(18, 'URGENT', { due_Date: at(18, 15) }), // due later today, urgent
      due(18, 'HIGH', { due_Date: at(18, 8) }), // overdue this morning
      // Snoozed: neither overdue nor due (its reminder rings later), counted apart.
      due(18, 'LOW', { due_Date: at(18, 8), reminder: true, next_Scheduled_Date: at(18, 16) }),
      due(20, 'URGENT', { completion_Date: at(17) }), // completed urgent: not urgent
      span(19, 21, 'URGENT'), // open urgent span: urgent on three days, never due
    ])
    const counts = (date: number) => {
      const { total, urgent, overdue, due: dueCount, snoozed } = dayOf(result, date)
      return { total, urgent, overdue, due: dueCount, snoozed }
    }
    expect(counts(17)).toEqual({ total: 2, urgent: 1, overdue: 1, due: 0, snoozed: 0 })
    expect(counts(18)).toEqual({ total: 3, urgent: 1, overdue: 1, due: 1, snoozed: 1 })
    expect(counts(19)).toEqual({ total: 1, urgent: 1, overdue: 0, due: 0, snoozed: 0 })
    expect(counts(20)).toEqual({ total: 2, urgent: 1, overdue: 0, due: 0, snoozed: 0 })
    expect(counts(21)).toEqual({ total: 1, urgent: 1, overdue: 0, due: 0, snoozed: 0 })
    expect(counts(22)).toEqual({ total: 0, urgent: 0, overdue: 0, due: 0, snoozed: 0 })
  })

  it('draws the most pressing few a day (overdue, then by priority) and counts the rest', () => {
    const normal = Array.from({ length: 4 }, () => due(18, 'NORMAL', { due_Date: at(18, 14) }))
    const urgent = due(18, 'URGENT', { due_Date: at(18, 17) })
    const overdueLow = due(18, 'LOW', { due_Date: at(18, 8) })
    const result = digest([...normal, urgent, overdueLow])
    expect(drawnIds(result)).toEqual([overdueLow, normal[0]!, urgent].map((s) => s.event.event_ID))
    expect(dayOf(result, 18).more).toBe(3)
  })

  it('counts a span on every day it covers, drawn or not', () => {
    const long = span(16, 20)
    const singles = [due(17), due(17), due(17)]
    const result = digest([long, ...singles])
    expect(drawnIds(result)).toContain(long.event.event_ID)
    expect(dayOf(result, 17).more).toBe(1)
    for (const day of [16, 18, 19, 20]) expect(dayOf(result, day).more).toBe(0)
  })

  it('never crowds a day already full with a span drawn for a later day', () => {
    const monday = [due(16), due(16), due(16)]
    const crowding = span(16, 17, 'URGENT') // would be Monday's fourth
    const tuesday = due(17)
    const result = digest([...monday, crowding, tuesday])
    expect(drawnIds(result)).toContain(tuesday.event.event_ID)
    expect(drawnIds(result)).not.toContain(crowding.event.event_ID)
    expect(dayOf(result, 16).more).toBe(1)
    expect(dayOf(result, 17).more).toBe(1)
  })

  it('looks past many more pressing spans that do not fit, to draw those that do', () => {
    // Monday is full with its overdue events; the spans, open and urgent, are more pressing
    // than Tuesday's completed events, and cover Monday too.
    const monday = Array.from({ length: 3 }, () => due(16))
    const spans = Array.from({ length: 20 }, () => span(16, 17, 'URGENT'))
    const tuesday = Array.from({ length: 5 }, () => due(17, 'NORMAL', { status: C }))
    const result = digest([...tuesday, ...spans, ...monday])
    expect(drawnIds(result)).toEqual([
      ...monday.map((s) => s.event.event_ID),
      ...tuesday.slice(0, 3).map((s) => s.event.event_ID),
    ])
    expect(dayOf(result, 16).more).toBe(20)
    expect(dayOf(result, 17).more).toBe(22)
  })

  it('keeps every day exact: drawn plus more is all, and counts the events it cannot place', () => {
    const events = [
      ...Array.from({ length: 30 }, (_, i) => due(16 + (i % 7), i % 5 ? 'NORMAL' : 'URGENT')),
      ...Array.from({ length: 10 }, (_, i) => span(14 + (i % 6), 18 + (i % 6))),
      subject({}),
    ]
    const result = digest(events)
    expect(result.unplaced).toBe(1)
    for (const d of result.days) {
      const next = d.day + 86_400_000
      const covers = ({ placement: p }: { placement: { start: number; end: number | null } }) =>
        p.start < next && (p.end ?? p.start + 1) > d.day
      expect(result.drawn.filter(covers).length + d.more).toBe(d.total)
    }
  })
})

describe('dayEvents', () => {
  it("lists one day's events, most pressing first", () => {
    const done = due(18, 'URGENT', { status: C, due_Date: at(18, 7) })
    const later = due(18, 'NORMAL', { due_Date: at(18, 15) })
    const urgent = due(18, 'URGENT', { due_Date: at(18, 16) })
    const overdue = due(18, 'LOW', { due_Date: at(18, 10) })
    const through = span(17, 19)
    const other = due(19)
    const list = dayEvents([done, later, urgent, overdue, through, other], {
      day: new Date(2026, 10, 18, 13).getTime(),
      by: 'dates',
      now,
      priorityOrder: ORDER,
    })
    expect(list.map((d) => d.event.event_ID)).toEqual(
      [overdue, urgent, through, later, done].map((s) => s.event.event_ID),
    )
  })
})

describe('dayDigest locating an event', () => {
  it('says where an event is and whether it is drawn, or null when not in the range', () => {
    const crowd = [due(19), due(19), due(19)].map((s) => ({ ...s }))
    const moved = due(19, 'LOW', { due_Date: at(19, 17) })
    const options = { ...week, by: 'dates' as const, now, priorityOrder: ORDER, perDay: 3 }
    const hidden = dayDigest([...crowd, moved], { ...options, locate: moved.event.event_ID })
    expect(hidden.located).toEqual({
      placement: {
        by: 'due',
        start: new Date(2026, 10, 19, 17).getTime(),
        end: null,
        allDay: false,
      },
      drawn: false,
    })
    const shown = dayDigest([moved], { ...options, locate: moved.event.event_ID })
    expect(shown.located?.drawn).toBe(true)
    expect(dayDigest([moved], { ...options, locate: 999_999 }).located).toBeNull()
  })
})
