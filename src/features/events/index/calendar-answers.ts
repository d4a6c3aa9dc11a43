import type { Event } from '@/api/schemas/event'
import { dayDigest, dayEvents, type DigestSubject } from '../model/day-digest'
import { factsOf } from '../model/facts'
import { compileFilter, searchWords, type FilterSubject } from '../model/filter'
import { versionKey, type EventIndex } from './event-index'
import type {
  CalendarAnswer,
  CalendarRequest,
  DayAnswer,
  DayRequest,
  RecentSearchAnswer,
} from './protocol'

/*
 * The calendar's questions, answered in the index's worker with the event model: the view's
 * filter (the model's `compileFilter`), then its days (`dayDigest`) or one day's list
 * (`dayEvents`). Only what a view draws crosses to the page: a month of 29,000 events is a few
 * hundred drawn events and a summary per day.
 */

/** The subjects that pass the filter, read lazily from the index. */
function* matching(
  index: EventIndex,
  filter: CalendarRequest['filter'],
  now: number,
): Generator<DigestSubject> {
  const matches = compileFilter(filter, new Date(now))
  for (const subject of index.subjects() as Iterable<FilterSubject>)
    if (matches(subject)) yield subject
}

export function calendarAnswer(
  index: EventIndex,
  request: CalendarRequest,
  priorityOrder: readonly string[],
): CalendarAnswer {
  const from = versionKey(request.from)
  const to = versionKey(request.to)
  if (from === null || to === null || to <= from)
    return { days: [], drawn: [], placed: 0, unplaced: 0, size: index.size }
  const digest = dayDigest(matching(index, request.filter, request.now), {
    from,
    to,
    by: request.by,
    now: request.now,
    priorityOrder,
    perDay: request.perDay,
    locate: request.locate,
  })
  return { ...digest, size: index.size }
}

export function dayAnswer(
  index: EventIndex,
  request: DayRequest,
  priorityOrder: readonly string[],
): DayAnswer {
  const day = versionKey(request.day)
  if (day === null) return { total: 0, rows: [], size: index.size }
  const all = dayEvents(matching(index, request.filter, request.now), {
    day,
    by: request.by,
    now: request.now,
    priorityOrder,
  })
  return {
    total: all.length,
    rows: all.slice(request.offset, request.offset + request.limit),
    size: index.size,
  }
}

/** The events the index holds of these IDs (those it does not hold are left out). */
export function eventsAnswer(index: EventIndex, ids: readonly number[]): Event[] {
  return ids.flatMap((id) => {
    const event = index.get(id)
    return event ? [event] : []
  })
}

/**
 * The events of `recent` (newest change first) whose subject holds the words, or whose ID they
 * are (the model's filter): search when the database is too large to index.
 */
export function recentSearchAnswer(
  recent: readonly Event[],
  text: string,
  limit: number,
  completedStatus: string,
): RecentSearchAnswer {
  const matches = compileFilter({ text }, new Date())
  const found = recent.filter((event) =>
    matches({ event, facts: factsOf(event, completedStatus), words: searchWords(event) }),
  )
  return { rows: found.slice(0, limit), total: found.length, scanned: recent.length }
}
