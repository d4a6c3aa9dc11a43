import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { overlaps, placeEvent, placeEvents } from './placement'

const event = (over: Partial<Event> = {}): Event => ({
  event_ID: 1,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
const C = 'Completed'
const at = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m - 1, d, h, mi)

describe('placeEvent by dates', () => {
  it('spans whole days from start to end when they fall on different days', () => {
    const e = event({ start_Date: '2026-11-02T09:00:00', end_Date: '2026-11-05T17:30:00' })
    expect(placeEvent(e, 'dates', C)).toEqual({
      event: e,
      by: 'range',
      start: at(2026, 11, 2),
      end: at(2026, 11, 6),
      allDay: true,
    })
  })

  it('keeps the times of a start and end on the same day', () => {
    const e = event({ start_Date: '2026-11-02T09:00:00', end_Date: '2026-11-02T10:30:00' })
    expect(placeEvent(e, 'dates', C)).toMatchObject({
      by: 'range',
      start: at(2026, 11, 2, 9),
      end: at(2026, 11, 2, 10, 30),
      allDay: false,
    })
  })

  it('places a task at its due time, whatever its start and end (never a bar from an old start)', () => {
    const due = '2026-11-04T12:15:00'
    for (const e of [
      event({ start_Date: '2026-10-18T09:00:00', due_Date: due }),
      event({ start_Date: '2026-10-18T09:00:00', end_Date: '2026-11-04T17:00:00', due_Date: due }),
      event({ start_Date: '2026-11-02T09:00:00', end_Date: '2026-11-01T09:00:00', due_Date: due }),
      event({ due_Date: due }),
    ])
      expect(placeEvent(e, 'dates', C)).toMatchObject({
        by: 'due',
        start: at(2026, 11, 4, 12, 15),
        end: null,
        allDay: false,
      })
  })

  it('falls back to the start date, and places nothing without dates', () => {
    expect(placeEvent(event({ start_Date: '2026-11-02T09:00:00' }), 'dates', C)).toMatchObject({
      by: 'start',
      start: at(2026, 11, 2, 9),
    })
    expect(placeEvent(event({ next_Scheduled_Date: '2026-11-02T09:00:00' }), 'dates', C)).toBeNull()
    expect(placeEvent(event({ due_Date: 'soon' as string }), 'dates', C)).toBeNull()
  })
})

describe('placeEvent by reminder', () => {
  it('places at the next reminder only, when one will ring', () => {
    const e = event({
      due_Date: '2026-11-04T12:00:00',
      next_Scheduled_Date: '2026-11-03T08:45:00',
      reminder: true,
    })
    expect(placeEvent(e, 'reminder', C)).toEqual({
      event: e,
      by: 'reminder',
      start: at(2026, 11, 3, 8, 45),
      end: null,
      allDay: false,
    })
    expect(placeEvent(event({ due_Date: '2026-11-04T12:00:00' }), 'reminder', C)).toBeNull()
    // Reminder off, or completed: no reminder rings, so nothing to place.
    expect(placeEvent({ ...e, reminder: false }, 'reminder', C)).toBeNull()
    expect(placeEvent({ ...e, status: 'Completed' }, 'reminder', C)).toBeNull()
  })
})

describe('overlaps and placeEvents', () => {
  const week = { start: at(2026, 11, 16), end: at(2026, 11, 23) }
  it('keeps what touches the range', () => {
    const point = (text: string) => placeEvent(event({ due_Date: text }), 'dates', C)!
    expect(overlaps(point('2026-11-16T00:00:00'), week)).toBe(true)
    expect(overlaps(point('2026-11-22T23:59:00'), week)).toBe(true)
    expect(overlaps(point('2026-11-23T00:00:00'), week)).toBe(false)
    expect(overlaps(point('2026-11-15T23:59:00'), week)).toBe(false)
    const span = placeEvent(
      event({ start_Date: '2026-11-01T09:00:00', end_Date: '2026-11-16T09:00:00' }),
      'dates',
      C,
    )!
    expect(overlaps(span, week)).toBe(true)
  })

  it('counts the events it cannot place', () => {
    const { placed, unplaced } = placeEvents(
      [event({ due_Date: '2026-11-16T09:00:00' }), event({ event_ID: 2 })],
      'dates',
      C,
    )
    expect(placed).toHaveLength(1)
    expect(unplaced).toBe(1)
  })
})
