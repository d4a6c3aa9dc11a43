import type { Event } from '../../../api/schemas/event'

/** An event's name wherever it is shown: its subject, or "Event 42" when it has none. */
export function eventTitle(event: Pick<Event, 'event_ID' | 'subject'>): string {
  return event.subject?.trim() || `Event ${event.event_ID}`
}

/** Whether the event has a subject of its own (a view may set the fallback apart, e.g. in italics). */
export const hasSubject = (event: Pick<Event, 'subject'>) => Boolean(event.subject?.trim())
