import type { Event } from '@/api/schemas/event'
import { isCompleted, startOfDay, workDate } from '../event-status'

export interface EventGroups {
  /** Due (else reminded) before now: most important first, then oldest first. */
  overdue: Event[]
  /** From now to the end of today. */
  today: Event[]
  /** After today. */
  upcoming: Event[]
  /** Neither a due date nor a next reminder. */
  undated: Event[]
}

/**
 * Sorts a user's active events into Overdue / Today / Upcoming by their due date, else their next
 * reminder, earliest first (ties by event ID). Overdue events come by importance first
 * (`rankOf`: 0 is the most important, negative for unknown, which go last), as what to catch up
 * on. Completed events are left out.
 */
export function groupEvents(
  events: readonly Event[],
  now: Date,
  completedStatus: string,
  rankOf: (event: Event) => number = () => 0,
): EventGroups {
  const groups: EventGroups = { overdue: [], today: [], upcoming: [], undated: [] }
  const tomorrow = startOfDay(now, 1).getTime()
  const dated: { event: Event; time: number }[] = []
  for (const event of events) {
    if (isCompleted(event, completedStatus)) continue
    const date = workDate(event)
    if (date) dated.push({ event, time: date.getTime() })
    else groups.undated.push(event)
  }
  dated.sort((a, b) => a.time - b.time || a.event.event_ID - b.event.event_ID)
  for (const { event, time } of dated) {
    if (time < now.getTime()) groups.overdue.push(event)
    else if (time < tomorrow) groups.today.push(event)
    else groups.upcoming.push(event)
  }
  const rank = (e: Event) => {
    const r = rankOf(e)
    return r < 0 ? Infinity : r
  }
  // Stable: within a priority the earliest-first order stays.
  groups.overdue.sort((a, b) => rank(a) - rank(b))
  groups.undated.sort((a, b) => a.event_ID - b.event_ID)
  return groups
}
