import { parseServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { addDays, type DayRange } from './calendar-dates'
import type { Placement } from './calendar-search'

/** Which of the event's dates put it on the calendar (and so which dates a move changes). */
export type PlacedBy = 'range' | 'due' | 'start' | 'reminder'

export interface PlacedEvent {
  event: Event
  by: PlacedBy
  start: Date
  /** Exclusive end; null for a point in time (shown one slot long). */
  end: Date | null
  /** Spans whole days: a start and end on different days. */
  allDay: boolean
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate()

const midnight = (date: Date) => addDays(date, 0)

/**
 * Where an event goes. By dates: from its start to its end date when it has both (whole days
 * when they fall on different days), otherwise at its due date, otherwise at its start date. By
 * reminder: at its next reminder. Null when it has none of those.
 */
export function placeEvent(event: Event, mode: Placement): PlacedEvent | null {
  if (mode === 'reminder') {
    const at = parseServiceDate(event.next_Scheduled_Date)
    return at ? { event, by: 'reminder', start: at, end: null, allDay: false } : null
  }
  const start = parseServiceDate(event.start_Date)
  const end = parseServiceDate(event.end_Date)
  if (start && end && end > start) {
    return sameDay(start, end)
      ? { event, by: 'range', start, end, allDay: false }
      : { event, by: 'range', start: midnight(start), end: addDays(end, 1), allDay: true }
  }
  const due = parseServiceDate(event.due_Date)
  if (due) return { event, by: 'due', start: due, end: null, allDay: false }
  if (start) return { event, by: 'start', start, end: null, allDay: false }
  return null
}

/** Whether a placed event shows in the range: it starts before the range ends and ends after it starts. */
export function overlaps(placed: PlacedEvent, range: DayRange): boolean {
  if (placed.start >= range.end) return false
  return placed.end ? placed.end > range.start : placed.start >= range.start
}

/** Places every event; those without a date for the mode are counted, not placed. */
export function placeEvents(
  events: readonly Event[],
  mode: Placement,
): { placed: PlacedEvent[]; unplaced: number } {
  const placed: PlacedEvent[] = []
  let unplaced = 0
  for (const event of events) {
    const p = placeEvent(event, mode)
    if (p) placed.push(p)
    else unplaced++
  }
  return { placed, unplaced }
}
