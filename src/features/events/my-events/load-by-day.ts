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
