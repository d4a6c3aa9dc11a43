import type { Event } from '@/api/schemas/event'
import { startOfDay } from '../model/days'
import { attentionTime, factsOf } from '../model/facts'

export interface DayLoad {
  /** Local midnight of the day. */
  day: Date
  /** Events by priority key (`''` for none). */
  counts: Record<string, number>
  total: number
}

export interface Load {
  days: DayLoad[]
  /** The largest day total (0 when the period is empty). */
  max: number
  total: number
}

/**
 * How many active events fall on each of the `days` days from today on, by priority: an event
 * counts on the day it needs attention (`attentionTime`: a snooze's end, else its due date, else
 * its reminder). Overdue events (before now) and completed ones are not part of the coming load.
 */
export function loadByDay(
  events: readonly Event[],
  now: Date,
  completedStatus: string,
  days = 14,
): Load {
  const result: DayLoad[] = Array.from({ length: days }, (_, i) => ({
    day: startOfDay(now, i),
    counts: {},
    total: 0,
  }))
  const end = startOfDay(now, days).getTime()
  for (const event of events) {
    const when = attentionTime(factsOf(event, completedStatus), now)
    if (when === null || when < now.getTime() || when >= end) continue
    const date = new Date(when)
    const index = result.findIndex(
      (d, i) => date >= d.day && (i === days - 1 || date < (result[i + 1] as DayLoad).day),
    )
    const slot = result[index]
    if (!slot) continue
    const priority = event.priority ?? ''
    slot.counts[priority] = (slot.counts[priority] ?? 0) + 1
    slot.total++
  }
  const max = result.reduce((m, d) => Math.max(m, d.total), 0)
  return { days: result, max, total: result.reduce((s, d) => s + d.total, 0) }
}

/**
 * The busiest days in words: "busiest Tuesday 24 November with 5", or, when days tie, every one
 * of them ("busiest Tuesday 24 November and Friday 27 November, with 5 each"; more than three:
 * "4 days have 5 each, the most"). Empty when nothing is coming.
 */
export function describeBusiest(load: Load, nameDay: (day: Date) => string): string {
  if (load.max === 0) return ''
  const busiest = load.days.filter((d) => d.total === load.max).map((d) => nameDay(d.day))
  if (busiest.length === 1) return `busiest ${busiest[0]} with ${load.max}`
  if (busiest.length > 3) return `${busiest.length} days have ${load.max} each, the most`
  const names = `${busiest.slice(0, -1).join(', ')} and ${busiest.at(-1)}`
  return `busiest ${names}, with ${load.max} each`
}
