import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { digestMonth } from './month-digest'
import { placeEvent, type PlacedEvent } from '../model/placement'

const at = (d: number, h = 9) =>
  `2026-11-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00`
let id = 0
const event = (over: Partial<Event>): Event => ({
  event_ID: ++id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
const due = (day: number, priority = 'NORMAL') =>
  placeEvent(event({ due_Date: at(day), priority }), 'dates', 'Completed') as PlacedEvent
const span = (from: number, to: number, priority = 'NORMAL') =>
  placeEvent(
    event({ start_Date: at(from), end_Date: at(to), priority }),
    'dates',
    'Completed',
  ) as PlacedEvent
const week = { start: new Date(2026, 10, 16), end: new Date(2026, 10, 23) } // Mon 16 – Sun 22
const rank = (e: Event) => (e.priority === 'URGENT' ? 2 : 1)
const moreOn = (more: { day: Date; hidden: number }[], day: number) =>
  more.find((m) => m.day.getDate() === day)?.hidden ?? 0

describe('digestMonth', () => {
  it('draws everything on quiet days', () => {
    const events = [due(16), due(16), due(17)]
    const { shown, more } = digestMonth(events, week, rank, 3)
    expect(shown).toEqual(events)
    expect(more).toEqual([])
  })

  it('draws a few a day, the most important first, and counts the rest', () => {
    const normal = [due(18), due(18), due(18), due(18)]
    const urgent = due(18, 'URGENT')
    const { shown, more } = digestMonth([...normal, urgent], week, rank, 3)
    expect(shown).toHaveLength(3)
    expect(shown).toContain(urgent)
    expect(more).toEqual([{ day: new Date(2026, 10, 18), hidden: 2 }])
  })

  it('counts a span on every day it covers, drawn or not', () => {
    const long = span(16, 20)
    const singles = [due(17), due(17), due(17)]
    const { shown, more } = digestMonth([long, ...singles], week, rank, 3)
    // Monday draws the span; Tuesday then has room for two of its three singles.
    expect(shown).toContain(long)
    expect(moreOn(more, 17)).toBe(1)
    for (const day of [16, 18, 19, 20]) expect(moreOn(more, day)).toBe(0)
  })

  it('prefers events that do not crowd days already full', () => {
    const monday = [due(16), due(16), due(16)]
    const crowding = span(16, 17, 'URGENT') // would be Monday's fourth
    const tuesday = due(17)
    const { shown, more } = digestMonth([...monday, crowding, tuesday], week, rank, 3)
    expect(shown).toContain(tuesday)
    expect(moreOn(more, 16)).toBe(1)
  })

  it('keeps every day of the range exact: drawn plus hidden is all', () => {
    const events = [
      ...Array.from({ length: 30 }, (_, i) => due(16 + (i % 7), i % 5 ? 'NORMAL' : 'URGENT')),
      ...Array.from({ length: 10 }, (_, i) => span(14 + (i % 6), 18 + (i % 6))),
    ]
    const { shown, more } = digestMonth(events, week, rank, 3)
    for (let day = 16; day <= 22; day++) {
      const covers = (p: PlacedEvent) =>
        p.start < new Date(2026, 10, day + 1) &&
        (p.end ?? new Date(p.start.getTime() + 1)) > new Date(2026, 10, day)
      expect(shown.filter(covers).length + moreOn(more, day)).toBe(events.filter(covers).length)
    }
  })
})
