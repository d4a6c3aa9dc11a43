import type { Event } from '../../../api/schemas/event'
import { dayStartMs } from './days'
import { factsOf, reminderTime, type EventFacts } from './facts'

/*
 * Where an event sits on a calendar, for the calendar's views and the index's range questions
 * alike. By dates: a task (an event with a due date) at its due time; otherwise a span from its
 * start to its end date when it has both (whole days when they fall on different days);
 * otherwise at its start. By reminder: at its next reminder, when one will ring. A point in time
 * is one slot long; nothing else is ever drawn as a span (an old start date never stretches a
 * task over weeks).
 */

/** Which dates put events on the calendar. */
export type PlaceBy = 'dates' | 'reminder'

/** Which of the event's dates placed it (and so which a move changes). */
export type PlacedBy = 'range' | 'due' | 'start' | 'reminder'

export interface Placement {
  by: PlacedBy
  /** Wall-clock milliseconds. */
  start: number
  /** Exclusive end; null for a point in time. */
  end: number | null
  /** Spans whole days: a start and end on different days. */
  allDay: boolean
}

export function placementOf(f: EventFacts, mode: PlaceBy): Placement | null {
  if (mode === 'reminder') {
    const r = reminderTime(f)
    return r === null ? null : { by: 'reminder', start: r, end: null, allDay: false }
  }
  if (f.due !== null) return { by: 'due', start: f.due, end: null, allDay: false }
  if (f.start !== null && f.end !== null && f.end > f.start) {
    const first = dayStartMs(new Date(f.start))
    const last = dayStartMs(new Date(f.end))
    return first === last
      ? { by: 'range', start: f.start, end: f.end, allDay: false }
      : { by: 'range', start: first, end: dayStartMs(new Date(f.end), 1), allDay: true }
  }
  if (f.start !== null) return { by: 'start', start: f.start, end: null, allDay: false }
  return null
}

/** Whether a placement shows in `[from, to)`: a point inside it, or a span overlapping it. */
export function placementIn(p: Placement, from: number, to: number): boolean {
  if (p.start >= to) return false
  return p.end !== null ? p.end > from : p.start >= from
}

/** A placed event with Dates, as the calendar draws it. */
export interface PlacedEvent {
  event: Event
  by: PlacedBy
  start: Date
  end: Date | null
  allDay: boolean
}

/** An event with its placement as Dates (the index's answers carry milliseconds). */
export function placedEvent(event: Event, p: Placement): PlacedEvent {
  return {
    event,
    by: p.by,
    start: new Date(p.start),
    end: p.end === null ? null : new Date(p.end),
    allDay: p.allDay,
  }
}

/** Where one event goes, or null when it has no date for the mode. */
export function placeEvent(
  event: Event,
  mode: PlaceBy,
  completedStatus: string,
): PlacedEvent | null {
  const p = placementOf(factsOf(event, completedStatus), mode)
  return p && placedEvent(event, p)
}

/** Whether a placed event shows in the range (`start` inclusive, `end` exclusive). */
export function overlaps(placed: PlacedEvent, range: { start: Date; end: Date }): boolean {
  return placementIn(
    {
      by: placed.by,
      start: placed.start.getTime(),
      end: placed.end?.getTime() ?? null,
      allDay: placed.allDay,
    },
    range.start.getTime(),
    range.end.getTime(),
  )
}

/** Places every event; those without a date for the mode are counted, not placed. */
export function placeEvents(
  events: readonly Event[],
  mode: PlaceBy,
  completedStatus: string,
): { placed: PlacedEvent[]; unplaced: number } {
  const placed: PlacedEvent[] = []
  let unplaced = 0
  for (const event of events) {
    const p = placeEvent(event, mode, completedStatus)
    if (p) placed.push(p)
    else unplaced++
  }
  return { placed, unplaced }
}
