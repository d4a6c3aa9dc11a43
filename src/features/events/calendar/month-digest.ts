import type { Event } from '@/api/schemas/event'
import { addDays, type DayRange } from './calendar-dates'
import type { PlacedEvent } from '../model/placement'
import { startOfDay } from '../model/days'

/** Events a month cell shows before "+N more" (the link takes one more row). */
export const MONTH_EVENTS_PER_DAY = 3

export interface DayMore {
  /** Local midnight of the day. */
  day: Date
  /** Events on that day the month does not draw. */
  hidden: number
}

const DAY_MS = 86_400_000

/** Index of the days (from the range's start) a placed event covers, within the range. */
function coveredDays(p: PlacedEvent, range: DayRange, dayCount: number): [number, number] {
  const index = (d: Date) => Math.round((startOfDay(d).getTime() - range.start.getTime()) / DAY_MS)
  const first = Math.max(0, index(p.start))
  // An end is exclusive: a whole-day span ends at the midnight after its last day.
  const lastDay = p.end && p.allDay ? addDays(p.end, -1) : p.start
  const last = Math.min(dayCount - 1, index(lastDay))
  return [first, last]
}

/**
 * What a month draws when a day holds more than fits: on each day, up to `perDay` events,
 * counting those already drawn for an earlier day that last into it; those that would not crowd
 * days already full come first, then the most important (by `rank`, highest first), then the
 * earliest. The rest of each day becomes "+N more" (it opens the day). Drawing a few hundred
 * events instead of thousands keeps the month quick to lay out.
 */
export function digestMonth(
  visible: readonly PlacedEvent[],
  range: DayRange,
  rank: (event: Event) => number,
  perDay: number = MONTH_EVENTS_PER_DAY,
): { shown: PlacedEvent[]; more: DayMore[] } {
  const dayCount = Math.round((range.end.getTime() - range.start.getTime()) / DAY_MS)
  const days: PlacedEvent[][] = Array.from({ length: dayCount }, () => [])
  const spans = new Map<PlacedEvent, [number, number]>()
  for (const p of visible) {
    const [first, last] = coveredDays(p, range, dayCount)
    if (first > last) continue
    spans.set(p, [first, last])
    for (let d = first; d <= last; d++) days[d]?.push(p)
  }
  const chosen = new Set<PlacedEvent>()
  const drawn = new Array<number>(dayCount).fill(0)
  /** Days of its span that are full already: drawing it there would crowd them. */
  const crowding = (p: PlacedEvent) => {
    const [first, last] = spans.get(p)!
    let full = 0
    for (let i = first; i <= last; i++) if (drawn[i]! >= perDay) full++
    return full
  }
  for (let d = 0; d < dayCount; d++) {
    const candidates = (days[d] ?? [])
      .filter((p) => !chosen.has(p))
      .map((p) => ({ p, crowd: crowding(p), rank: rank(p.event) }))
      .sort(
        (a, b) =>
          a.crowd - b.crowd ||
          b.rank - a.rank ||
          a.p.start.getTime() - b.p.start.getTime() ||
          a.p.event.event_ID - b.p.event.event_ID,
      )
      .map((c) => c.p)
    for (const p of candidates) {
      if (drawn[d]! >= perDay) break
      chosen.add(p)
      const [first, last] = spans.get(p)!
      for (let i = first; i <= last; i++) drawn[i]!++
    }
  }
  const more: DayMore[] = []
  for (let d = 0; d < dayCount; d++) {
    const hidden = (days[d]?.length ?? 0) - drawn[d]!
    if (hidden > 0) more.push({ day: addDays(range.start, d), hidden })
  }
  return { shown: visible.filter((p) => chosen.has(p)), more }
}
