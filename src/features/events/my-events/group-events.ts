import type { Event } from '@/api/schemas/event'
import { dayStartMs } from '../model/days'
import {
  attentionTime,
  factsOf,
  snoozedUntil,
  workState,
  type EventFacts,
  type WorkState,
} from '../model/facts'

/** An event of a queue with what the model says of it. */
export interface QueueItem {
  event: Event
  facts: EventFacts
  /** When it needs attention (see `attentionTime`), null when undated. */
  when: number | null
  /** The end of its snooze, when snoozed. */
  snoozedUntil: number | null
  /** Where it stands now (the model's `workState`). */
  state: WorkState
}

export interface EventGroups {
  /** Due before now and not snoozed: most important first, then oldest first. */
  overdue: QueueItem[]
  /** Needing attention from now to the end of today. */
  today: QueueItem[]
  /** Snoozed: back when the snooze ends, soonest first. */
  snoozed: QueueItem[]
  /** After today. */
  upcoming: QueueItem[]
  /** Neither a due date nor a reminder. */
  undated: QueueItem[]
}

/**
 * Sorts a user's events into the groups of My events by the model's `workState` (one meaning
 * of overdue, snoozed and today for every view), each earliest first (ties by event ID);
 * Overdue by importance first (`importance`: 0 is the most important), as what to catch up on.
 * Completed events are left out.
 */
export function groupEvents(
  events: readonly Event[],
  now: Date,
  completedStatus: string,
  importance: (event: Event) => number = () => 0,
): EventGroups {
  const groups: EventGroups = { overdue: [], today: [], snoozed: [], upcoming: [], undated: [] }
  const tomorrow = dayStartMs(now, 1)
  const items = events.map((event): QueueItem => {
    const facts = factsOf(event, completedStatus)
    return {
      event,
      facts,
      when: attentionTime(facts, now),
      snoozedUntil: snoozedUntil(facts, now),
      state: workState(facts, now, tomorrow),
    }
  })
  items.sort(
    (a, b) => (a.when ?? Infinity) - (b.when ?? Infinity) || a.event.event_ID - b.event.event_ID,
  )
  for (const item of items) if (item.state !== 'completed') groups[item.state].push(item)
  // Stable: within a priority the earliest-first order stays.
  groups.overdue.sort((a, b) => importance(a.event) - importance(b.event))
  return groups
}
