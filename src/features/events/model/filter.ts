import { parseServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { dayStartMs, weekOf } from './days'
import { isOverdue, isReminderDue, isSnoozed, type EventFacts } from './facts'
import { mentionsAuth } from './mentions'
import { placementIn, placementOf, type PlaceBy } from './placement'

/**
 * Which events to show, for the list, the calendar, search and counts alike: every given
 * condition must hold; an empty list means "any". Values match exactly (the index offers the
 * values in use, so there is no case to guess).
 */
export interface EventFilter {
  status?: readonly string[]
  priority?: readonly string[]
  type?: readonly string[]
  user?: readonly string[]
  group?: readonly number[]
  /**
   * By due date: overdue (see `isOverdue`), snoozed, due today, due this week, or due in a range
   * (`from`/`to` wall-clock text, both inclusive).
   */
  due?: 'overdue' | 'snoozed' | 'today' | 'week' | { from?: string; to?: string }
  /** Whose reminder rings by now (see `isReminderDue`). */
  reminderDue?: boolean
  /** Completed (see `isCompleted`) or not. */
  completed?: boolean
  /** Words that must all appear in the subject (any case), or an event ID. */
  text?: string
  /** What a calendar draws in `[from, to)` (wall-clock text), placed as `placement.ts` says. */
  placed?: { from: string; to: string; by: PlaceBy }
  /** Names this auth number in its subject or metadata (`true`: any auth number). */
  mentionsAuth?: string | true
}

/** An event as the filter reads it: the event, its facts, and its subject in lower case. */
export interface FilterSubject {
  event: Event
  facts: EventFacts
  words: string
}

export const searchWords = (event: Pick<Event, 'subject'>) => (event.subject ?? '').toLowerCase()

const ms = (text: string | undefined) => (text ? (parseServiceDate(text)?.getTime() ?? null) : null)

/**
 * The filter as one test, prepared once for many events (`now` fixed for all of them; `firstDay`
 * of the week from the display locale, Monday by default).
 */
export function compileFilter(
  filter: EventFilter,
  now: Date,
  firstDay = 1,
): (x: FilterSubject) => boolean {
  const t = now.getTime()
  const [today, tomorrow] = [dayStartMs(now), dayStartMs(now, 1)]
  const week = weekOf(now, firstDay)
  const [weekStart, weekEnd] = [week.start.getTime(), week.end.getTime()]
  const set = <T>(values: readonly T[] | undefined) => (values?.length ? new Set(values) : null)
  const sets = {
    status: set(filter.status),
    priority: set(filter.priority),
    type: set(filter.type),
    user: set(filter.user),
    group: set(filter.group),
  }
  const text = filter.text?.trim().toLowerCase() ?? ''
  const id = /^\d+$/.test(text) ? Number(text) : null
  const words = text.split(/\s+/).filter(Boolean)
  const range =
    typeof filter.due === 'object' ? { from: ms(filter.due.from), to: ms(filter.due.to) } : null
  const placed = filter.placed
    ? { by: filter.placed.by, from: ms(filter.placed.from), to: ms(filter.placed.to) }
    : null

  return ({ event: ev, facts: f, words: subject }) => {
    if (placed) {
      if (placed.from === null || placed.to === null) return false
      const p = placementOf(f, placed.by)
      if (!p || !placementIn(p, placed.from, placed.to)) return false
    }
    if (sets.status && !sets.status.has(ev.status ?? '')) return false
    if (sets.priority && !sets.priority.has(ev.priority ?? '')) return false
    if (sets.type && !sets.type.has(ev.event_Type ?? '')) return false
    if (sets.user && !sets.user.has(ev.user_ID ?? '')) return false
    if (sets.group && !sets.group.has(ev.userGroup_Key ?? NaN)) return false
    if (filter.completed !== undefined && f.completed !== filter.completed) return false
    if (filter.reminderDue && !isReminderDue(f, t)) return false
    if (filter.due === 'overdue' && !isOverdue(f, t)) return false
    if (filter.due === 'snoozed' && !isSnoozed(f, t)) return false
    if (filter.due === 'today' && (f.due === null || f.due < today || f.due >= tomorrow))
      return false
    if (filter.due === 'week' && (f.due === null || f.due < weekStart || f.due >= weekEnd))
      return false
    if (
      range &&
      (f.due === null ||
        (range.from !== null && f.due < range.from) ||
        (range.to !== null && f.due > range.to))
    )
      return false
    if (filter.mentionsAuth !== undefined && !mentionsAuth(ev, filter.mentionsAuth)) return false
    if (text) {
      if (id !== null && ev.event_ID === id) return true
      for (const word of words) if (!subject.includes(word)) return false
    }
    return true
  }
}
