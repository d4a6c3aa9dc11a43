import type { Event } from '@/api/schemas/event'
import { factsOf, isReminderDue, reminderTime } from '../model/facts'

/**
 * The reminders due now (the model's `isReminderDue`: reminder on, open, ringing at or before
 * `now`), oldest first (ties by event ID).
 */
export function dueReminders(events: readonly Event[], now: Date, completedStatus: string) {
  const due: { event: Event; time: number }[] = []
  for (const event of events) {
    const facts = factsOf(event, completedStatus)
    if (isReminderDue(facts, now)) due.push({ event, time: reminderTime(facts) ?? 0 })
  }
  return due
    .sort((a, b) => a.time - b.time || a.event.event_ID - b.event.event_ID)
    .map((d) => d.event)
}
