import { parseServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { isCompleted } from '../event-status'

/**
 * The reminders due now: active events with `reminder` on and a next reminder at or before `now`,
 * oldest first (ties by event ID).
 */
export function dueReminders(events: readonly Event[], now: Date, completedStatus: string) {
  const due: { event: Event; time: number }[] = []
  for (const event of events) {
    if (!event.reminder || isCompleted(event, completedStatus)) continue
    const next = parseServiceDate(event.next_Scheduled_Date)
    if (next && next.getTime() <= now.getTime()) due.push({ event, time: next.getTime() })
  }
  return due
    .sort((a, b) => a.time - b.time || a.event.event_ID - b.event.event_ID)
    .map((d) => d.event)
}
