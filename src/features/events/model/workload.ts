import type { Event } from '../../../api/schemas/event'
import { weekOf } from './days'
import { isOverdue, type EventFacts } from './facts'

/** How much open work someone (or a group) holds: open, overdue, due this week. */
export interface Load {
  open: number
  overdue: number
  dueThisWeek: number
}

/** A group's load, with how much of it no one has claimed. */
export interface GroupLoad extends Load {
  unclaimed: number
}

export interface Workload {
  people: [string, Load][]
  groups: [number, GroupLoad][]
}

/**
 * The load per person and per user group of many events (the index's): completed events are not
 * work; overdue is the model's `isOverdue`; this week runs from the locale's first day.
 */
export function countWorkload(
  entries: Iterable<{ event: Event; facts: EventFacts }>,
  now: Date,
  firstDay = 1,
): Workload {
  const t = now.getTime()
  const week = weekOf(now, firstDay)
  const [from, to] = [week.start.getTime(), week.end.getTime()]
  const people = new Map<string, Load>()
  const groups = new Map<number, GroupLoad>()
  for (const { event, facts } of entries) {
    if (facts.completed) continue
    const overdue = isOverdue(facts, t) ? 1 : 0
    const thisWeek = facts.due !== null && facts.due >= from && facts.due < to ? 1 : 0
    if (event.user_ID) {
      const load = people.get(event.user_ID) ?? { open: 0, overdue: 0, dueThisWeek: 0 }
      load.open++
      load.overdue += overdue
      load.dueThisWeek += thisWeek
      people.set(event.user_ID, load)
    }
    if (event.userGroup_Key != null) {
      const load = groups.get(event.userGroup_Key) ?? {
        open: 0,
        overdue: 0,
        dueThisWeek: 0,
        unclaimed: 0,
      }
      load.open++
      load.overdue += overdue
      load.dueThisWeek += thisWeek
      if (!event.user_ID) load.unclaimed++
      groups.set(event.userGroup_Key, load)
    }
  }
  return { people: [...people], groups: [...groups] }
}
