import type { Event } from '../../../api/schemas/event'
import { dayStartMs } from './days'
import { isOverdue, isSnoozed, type EventFacts } from './facts'
import { placementIn, placementOf, type Placement, type PlaceBy } from './placement'
import { importanceOf } from './priority'

/*
 * What the days of a calendar hold, for every calendar view and the index's worker: each day's
 * counts at a glance (events, urgent, overdue, due, snoozed), the few most pressing events a view draws,
 * and how many more there are; and one day's events in order of how pressing they are (the day's
 * list). The rules:
 * - **On a day**: an event placed there (see `placementOf`); a span counts on every day it covers.
 * - **Urgent**: open, of the most important priority the service lists.
 * - **Overdue** (see `isOverdue`), **snoozed** (see `isSnoozed`: due, its reminder set for later)
 *   and **due** (open, due that day, neither overdue nor snoozed): on the day of the due date. A
 *   snoozed event is not work for that day any more (My events shows it when its snooze ends).
 * - **Most pressing first**: overdue work, then the rest of the open work, then completed work;
 *   within each, the most important priority first, then the earliest, then by ID.
 */

/** What of an event the digest reads besides its facts: its ID and priority. */
export type DigestEvent = Pick<Event, 'event_ID' | 'priority'>

/**
 * An event and its facts, as the index holds them (or, on the server, only the fields the digest
 * reads, the drawn events' records read afterwards).
 */
export interface DigestSubject<E extends DigestEvent = Event> {
  event: E
  facts: EventFacts
}

export interface DaySummary {
  /** Local midnight of the day, wall-clock milliseconds. */
  day: number
  /** Events on the day. */
  total: number
  urgent: number
  overdue: number
  due: number
  snoozed: number
  /** Events on the day that the view does not draw (its "more"). */
  more: number
}

/** An event a view draws, where the model places it. */
export interface DrawnEvent<E extends DigestEvent = Event> {
  event: E
  placement: Placement
}

export interface DayDigest<E extends DigestEvent = Event> {
  /** Every day of the range, in order. */
  days: DaySummary[]
  /** The events drawn (each once, however many days it covers), earliest first. */
  drawn: DrawnEvent<E>[]
  /** Events placed in the range. */
  placed: number
  /** Events given that have no date to be placed by. */
  unplaced: number
  /** Where the event of `locate` is, when asked: placed in the range and drawn or not. */
  located?: { placement: Placement; drawn: boolean } | null
}

export interface DigestOptions {
  /** The first day's local midnight and the midnight after the last day (wall-clock ms). */
  from: number
  to: number
  by: PlaceBy
  now: number
  /** The priority codes as the service lists them (lowest first, see `priority.ts`). */
  priorityOrder: readonly string[]
  /** Events a day draws at most; the rest are its "more". */
  perDay: number
  /** An event (by ID) to locate: whether it is drawn (say, one just moved). */
  locate?: number | undefined
}

interface Item<E extends DigestEvent> {
  subject: DigestSubject<E>
  placement: Placement
  /** Overdue 0, open 1, completed 2. */
  state: number
  importance: number
  first: number
  last: number
}

/** The model's order of how pressing work is (see the rules above). */
function comparePressing(a: Item<DigestEvent>, b: Item<DigestEvent>): number {
  return (
    a.state - b.state ||
    a.importance - b.importance ||
    a.placement.start - b.placement.start ||
    a.subject.event.event_ID - b.subject.event.event_ID
  )
}

/**
 * The `count` most pressing of `items`, most pressing first: what sorting them all and taking
 * the first `count` gives, without sorting a day of thousands to draw three.
 */
function mostPressing<E extends DigestEvent>(items: readonly Item<E>[], count: number): Item<E>[] {
  if (items.length <= count) return [...items].sort(comparePressing)
  const best: Item<E>[] = []
  for (const item of items) {
    if (best.length === count && comparePressing(item, best[count - 1]!) >= 0) continue
    let lo = 0
    let hi = best.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (comparePressing(best[mid]!, item) <= 0) lo = mid + 1
      else hi = mid
    }
    best.splice(lo, 0, item)
    if (best.length > count) best.pop()
  }
  return best
}

/** Local midnights from `from` (inclusive) to `to` (exclusive), a day apart across clock changes. */
function dayStarts(from: number, to: number): number[] {
  const starts: number[] = []
  const first = new Date(from)
  for (let i = 0; i < 400; i++) {
    const day = dayStartMs(first, i)
    if (day >= to) break
    starts.push(day)
  }
  return starts
}

/** The index of the day holding `time` (clamped to the range). */
function dayIndex(starts: readonly number[], time: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= time) lo = mid
    else hi = mid - 1
  }
  return lo
}

function itemsOf<E extends DigestEvent>(
  subjects: Iterable<DigestSubject<E>>,
  options: Pick<DigestOptions, 'from' | 'to' | 'by' | 'now' | 'priorityOrder'>,
  starts: readonly number[],
) {
  const { from, to, by, now } = options
  const importance = importanceOf(options.priorityOrder)
  const items: Item<E>[] = []
  let unplaced = 0
  for (const subject of subjects) {
    const placement = placementOf(subject.facts, by)
    if (!placement) {
      unplaced++
      continue
    }
    if (!placementIn(placement, from, to)) continue
    const f = subject.facts
    // An end is exclusive: a span ends at the midnight after its last day (or at its end time).
    const last =
      placement.end === null ? placement.start : Math.max(placement.start, placement.end - 1)
    items.push({
      subject,
      placement,
      state: f.completed ? 2 : isOverdue(f, now) ? 0 : 1,
      importance: importance(subject.event.priority),
      first: dayIndex(starts, Math.max(placement.start, from)),
      last: dayIndex(starts, Math.min(last, to - 1)),
    })
  }
  return { items, unplaced }
}

/**
 * The days of `[from, to)` as a calendar shows them: each day's counts, and up to `perDay`
 * events drawn a day, the most pressing first. Events already drawn for an earlier day that last
 * into a day count towards it, and a span is drawn only where every day it covers has room. The
 * rest of each day is its `more` (the day's list shows them), so drawn plus more is every event
 * of the day.
 */
export function dayDigest<E extends DigestEvent = Event>(
  subjects: Iterable<DigestSubject<E>>,
  options: DigestOptions,
): DayDigest<E> {
  const { from, to, now, perDay } = options
  const starts = dayStarts(from, to)
  const { items, unplaced } = itemsOf(subjects, options, starts)
  const urgentRank = options.priorityOrder.length > 0 ? 0 : -1
  const days: DaySummary[] = starts.map((day) => ({
    day,
    total: 0,
    urgent: 0,
    overdue: 0,
    due: 0,
    snoozed: 0,
    more: 0,
  }))
  const onDay: Item<E>[][] = starts.map(() => [])
  for (const item of items) {
    const f = item.subject.facts
    const open = !f.completed
    for (let d = item.first; d <= item.last; d++) {
      const summary = days[d]!
      summary.total++
      if (open && item.importance === urgentRank) summary.urgent++
      onDay[d]!.push(item)
    }
    if (open && f.due !== null && f.due >= from && f.due < to) {
      const summary = days[dayIndex(starts, f.due)]!
      if (isOverdue(f, now)) summary.overdue++
      else if (isSnoozed(f, now)) summary.snoozed++
      else summary.due++
    }
  }

  const drawnOn = new Array<number>(starts.length).fill(0)
  const chosen = new Set<Item<E>>()
  const fits = (item: Item<E>) => {
    for (let d = item.first; d <= item.last; d++) if (drawnOn[d]! >= perDay) return false
    return true
  }
  for (let d = 0; d < starts.length; d++) {
    // The day's most pressing first, a few more than it draws (a span may not fit); more only
    // if too few fitted. One that did not fit never fits later: the days only fill.
    for (let taking = perDay * 4; drawnOn[d]! < perDay; taking *= 4) {
      const waiting = onDay[d]!.filter((item) => !chosen.has(item))
      const candidates = mostPressing(waiting, taking)
      for (const item of candidates) {
        if (drawnOn[d]! >= perDay) break
        // A span drawn on a day already full would crowd it: it stays in that day's more.
        if (!fits(item)) continue
        chosen.add(item)
        for (let i = item.first; i <= item.last; i++) drawnOn[i]!++
      }
      if (candidates.length === waiting.length) break
    }
  }
  for (let d = 0; d < starts.length; d++) days[d]!.more = days[d]!.total - drawnOn[d]!

  const drawn = [...chosen]
    .sort((a, b) => a.placement.start - b.placement.start || comparePressing(a, b))
    .map((item) => ({ event: item.subject.event, placement: item.placement }))
  const result: DayDigest<E> = { days, drawn, placed: items.length, unplaced }
  if (options.locate !== undefined) {
    const found = items.find((item) => item.subject.event.event_ID === options.locate)
    result.located = found ? { placement: found.placement, drawn: chosen.has(found) } : null
  }
  return result
}

/** The events on one day (`day`: any time of it), most pressing first: the day's list. */
export function dayEvents<E extends DigestEvent = Event>(
  subjects: Iterable<DigestSubject<E>>,
  options: Omit<DigestOptions, 'from' | 'to' | 'perDay'> & { day: number },
): DrawnEvent<E>[] {
  const from = dayStartMs(new Date(options.day))
  const to = dayStartMs(new Date(options.day), 1)
  const { items } = itemsOf(subjects, { ...options, from, to }, [from])
  return items
    .sort(comparePressing)
    .map((item) => ({ event: item.subject.event, placement: item.placement }))
}
