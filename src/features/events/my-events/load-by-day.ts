import type { Event } from '@/api/schemas/event'
import { isCompleted, startOfDay, workDate } from '../event-status'

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
 * counts on the day of its due date, else of its next reminder. Overdue events (before now) and
 * completed ones are not part of the coming load.
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
    if (isCompleted(event, completedStatus)) continue
    const date = workDate(event)
    if (!date || date.getTime() < now.getTime() || date.getTime() >= end) continue
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
