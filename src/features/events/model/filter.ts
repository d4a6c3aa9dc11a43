import { parseServiceDate } from '../../../api/dates'
import type { Event } from '../../../api/schemas/event'
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
  /** Values to leave out: an event holding one of them does not match. */
  not?: {
    status?: readonly string[]
    priority?: readonly string[]
    type?: readonly string[]
  }
  /** Assigned to no user (`user_ID` empty; a group may hold it). */
  unassigned?: boolean
  /**
   * Assigned to one of these groups (`userGroup_Key`): the signed-in user's groups. Unlike the
   * other lists, an empty one matches nothing (a user in no group has no group's events).
   */
  inGroups?: readonly number[]
  /** Entered by one of these users (`entry_User`): "created by me". */
  enteredBy?: readonly string[]
  /** Saved (`update_Date`) at or after this wall-clock time. */
  updatedSince?: string
  /**
   * By due date: overdue (see `isOverdue`), snoozed, due today, due this week, or due in a range
   * (`from`/`to` wall-clock text, both inclusive).
   */
  due?: 'overdue' | 'snoozed' | 'today' | 'week' | { from?: string; to?: string }
  /** Whose reminder rings by now (see `isReminderDue`). */
  reminderDue?: boolean
  /** Completed (see `isCompleted`) or not. */
  completed?: boolean
  /**
   * Words that must all appear in the subject (any case, any accents: see `foldText`), or an
   * event ID.
   */
  text?: string
  /** What a calendar draws in `[from, to)` (wall-clock text), placed as `placement.ts` says. */
  placed?: { from: string; to: string; by: PlaceBy }
  /** Names this auth number in its subject or metadata (`true`: any auth number). */
  mentionsAuth?: string | true
}

/** An event as the filter reads it: the event, its facts, and its subject folded (`foldText`). */
export interface FilterSubject {
  event: Event
  facts: EventFacts
  words: string
}

/**
 * Text as search compares it: lower case, accents dropped (decomposed, combining marks
 * stripped), so "José" is found by "jose" and "JOSE" alike. Plain ASCII is only lower-cased.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase()
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{Mn}/gu, '')
}

/** An event's subject as search reads it (see `foldText`). */
export const searchWords = (event: Pick<Event, 'subject'>) => foldText(event.subject ?? '')

/** What was typed, read once for many events: folded, its words, and the ID it may be. */
export interface SearchQuery {
  /** Folded, words single-spaced: what an exact subject must equal. */
  text: string
  words: readonly string[]
  /** The event ID typed, if it is all digits. */
  id: number | null
}

export function searchQuery(typed: string): SearchQuery {
  const words = foldText(typed).split(/\s+/).filter(Boolean)
  const text = words.join(' ')
  return { text, words, id: /^\d+$/.test(text) ? Number(text) : null }
}

/**
 * How well a text answers a search, best first: the whole text (`exact`), every word at the start
 * of a word of it (`wordStarts`: "rev app" in "Review the appeal"), every word somewhere inside
 * (`inside`: "new" in "renewal"). What matches is the last: every word inside.
 */
export const SEARCH_RANK = { exact: 0, wordStarts: 1, inside: 2 } as const
export type SearchRank = (typeof SEARCH_RANK)[keyof typeof SEARCH_RANK]

const WORD_CHAR = /[\p{L}\p{N}]/u

/** Whether `word` occurs in `text` where a word starts (or itself starts with punctuation). */
function atWordStart(text: string, word: string): boolean {
  if (!WORD_CHAR.test(word[0] ?? '')) return text.includes(word)
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1))
    if (i === 0 || !WORD_CHAR.test(text[i - 1]!)) return true
  return false
}

/**
 * The rank of a folded text (`searchWords`, `foldText`) for a query (see `SEARCH_RANK`), or null
 * when some word of the query is not in it: the filter's rule for text, so whatever matches has a
 * rank. An empty query matches everything, none better than another.
 */
export function searchRank(words: string, query: SearchQuery | string): SearchRank | null {
  const q = typeof query === 'string' ? searchQuery(query) : query
  if (!hasEveryWord(words, q)) return null
  if (q.words.length === 0) return SEARCH_RANK.inside
  if (words === q.text || (words.length >= q.text.length && spaced(words) === q.text))
    return SEARCH_RANK.exact
  for (const word of q.words) if (!atWordStart(words, word)) return SEARCH_RANK.inside
  return SEARCH_RANK.wordStarts
}

function hasEveryWord(words: string, query: SearchQuery): boolean {
  for (const word of query.words) if (!words.includes(word)) return false
  return true
}

const spaced = (text: string) => text.split(/\s+/).filter(Boolean).join(' ')

/** Whether an event matches a query: its ID, or every word inside its subject. */
export function matchesSearch(x: Pick<FilterSubject, 'event' | 'words'>, query: SearchQuery) {
  return (query.id !== null && x.event.event_ID === query.id) || hasEveryWord(x.words, query)
}

/** An event's rank for a query: its ID typed is exact too; null when it does not match. */
export function eventSearchRank(
  x: Pick<FilterSubject, 'event' | 'words'>,
  query: SearchQuery,
): SearchRank | null {
  if (query.id !== null && x.event.event_ID === query.id) return SEARCH_RANK.exact
  return searchRank(x.words, query)
}

const ms = (text: string | undefined) => (text ? (parseServiceDate(text)?.getTime() ?? null) : null)

/** One condition of a filter, on one event. */
type Test = (x: FilterSubject) => boolean

/**
 * The due dates (wall-clock milliseconds, both ends inclusive) between which lies every event the
 * filter's `due` takes, and whether only open ones; null when it says nothing of the due date.
 * For today, this week and a range the window is the whole condition; overdue and snoozed are
 * narrower (`isOverdue`, `isSnoozed`). `compileFilter` decides with it; the index uses it to
 * skip, without reading them, events the filter cannot take.
 */
export function dueWindow(
  filter: Pick<EventFilter, 'due'>,
  now: Date,
  firstDay = 1,
): { from: number; to: number; open: boolean } | null {
  const due = filter.due
  const t = now.getTime()
  if (due === undefined) return null
  // Overdue: due before now; snoozed: due by now (see the facts' rules). Both open only.
  if (due === 'overdue') return { from: -Infinity, to: t - 1, open: true }
  if (due === 'snoozed') return { from: -Infinity, to: t, open: true }
  if (due === 'today') return { from: dayStartMs(now), to: dayStartMs(now, 1) - 1, open: false }
  if (due === 'week') {
    const week = weekOf(now, firstDay)
    return { from: week.start.getTime(), to: week.end.getTime() - 1, open: false }
  }
  return { from: ms(due.from) ?? -Infinity, to: ms(due.to) ?? Infinity, open: false }
}

/**
 * The filter as one test, prepared once for many events (`now` fixed for all of them; `firstDay`
 * of the week from the display locale, Monday by default). Only the conditions given are tested
 * (an empty filter is one that takes every event): the index runs it over 100,000 events per
 * keystroke.
 */
export function compileFilter(
  filter: EventFilter,
  now: Date,
  firstDay = 1,
): (x: FilterSubject) => boolean {
  const t = now.getTime()
  const tests: Test[] = []
  const test = (condition: Test) => tests.push(condition)
  /** A test that a field's value is (`wanted`) or is not one of `values`, when any are given. */
  const among = <T>(
    values: readonly T[] | undefined,
    read: (ev: Event) => T,
    wanted: boolean = true,
  ) => {
    if (!values?.length) return
    const set = new Set(values)
    test(({ event }) => set.has(read(event)) === wanted)
  }

  const placed = filter.placed
  if (placed) {
    const [from, to] = [ms(placed.from), ms(placed.to)]
    test(({ facts }) => {
      if (from === null || to === null) return false
      const p = placementOf(facts, placed.by)
      return p !== null && placementIn(p, from, to)
    })
  }
  among(filter.status, (ev) => ev.status ?? '')
  among(filter.priority, (ev) => ev.priority ?? '')
  among(filter.type, (ev) => ev.event_Type ?? '')
  among(filter.user, (ev) => ev.user_ID ?? '')
  among(filter.group, (ev) => ev.userGroup_Key ?? NaN)
  among(filter.not?.status, (ev) => ev.status ?? '', false)
  among(filter.not?.priority, (ev) => ev.priority ?? '', false)
  among(filter.not?.type, (ev) => ev.event_Type ?? '', false)
  if (filter.unassigned) test(({ event }) => !event.user_ID)
  // Unlike the other lists, an empty one matches nothing.
  if (filter.inGroups) {
    const groups = new Set(filter.inGroups)
    test(({ event }) => groups.has(event.userGroup_Key ?? NaN))
  }
  among(filter.enteredBy, (ev) => ev.entry_User ?? '')
  // A date that cannot be read matches nothing, rather than everything.
  if (filter.updatedSince !== undefined) {
    const since = ms(filter.updatedSince)
    test(({ facts }) => since !== null && facts.updated !== null && facts.updated >= since)
  }
  if (filter.completed !== undefined) {
    const completed = filter.completed
    test(({ facts }) => facts.completed === completed)
  }
  if (filter.reminderDue) test(({ facts }) => isReminderDue(facts, t))
  const due = filter.due
  if (due === 'overdue') test(({ facts }) => isOverdue(facts, t))
  else if (due === 'snoozed') test(({ facts }) => isSnoozed(facts, t))
  else if (due !== undefined) {
    // Today, this week or a range: the window is the whole condition.
    const { from, to } = dueWindow(filter, now, firstDay)!
    test(({ facts }) => facts.due !== null && facts.due >= from && facts.due <= to)
  }
  const mentioned = filter.mentionsAuth
  if (mentioned !== undefined) test(({ event }) => mentionsAuth(event, mentioned))
  if (filter.text?.trim()) {
    const search = searchQuery(filter.text)
    test((x) => matchesSearch(x, search))
  }

  if (tests.length === 0) return () => true
  if (tests.length === 1) return tests[0]!
  return (x) => {
    for (const condition of tests) if (!condition(x)) return false
    return true
  }
}
