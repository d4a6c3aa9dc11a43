import { parseServiceDate } from '../../../api/dates'
import type { Event } from '../../../api/schemas/event'

/*
 * What an event means for the work: due, overdue, snoozed, reminder due, completed. Every view
 * (My events, the list and its filters, the bell, the calendar, search) and the index's worker
 * decide these here and nowhere else. The rules work on `EventFacts` (an event's dates read once
 * as wall-clock milliseconds), so the index keeps them per event and answers 100,000 of them
 * without parsing a date again; a view holding plain events calls `factsOf` first.
 *
 * The rules:
 * - **Completed**: it has a completion date, or its status is the completed status (any case).
 *   A completed event is never due, overdue, snoozed or reminded of.
 * - **Reminder**: the next reminder (`next_Scheduled_Date`) rings only when `reminder` is on
 *   and the event is open.
 * - **Reminder due**: a reminder that rings at or before now (the bell, and the list's filter).
 * - **Snoozed**: an open event already due (its due date at or before now) whose reminder rings
 *   later: "remind me later". A snooze (the service's) turns the reminder on and sets it to the
 *   chosen time, so a snoozed overdue event leaves Overdue until then, then comes back there and
 *   in the bell.
 * - **Overdue**: open, due before now, and not snoozed.
 * - **When it needs attention**: its snooze's end when snoozed, else its due date, else its
 *   reminder, else its start; My events groups and orders by it.
 */

export interface EventFacts {
  due: number | null
  /** `next_Scheduled_Date`, whatever `reminder` says. */
  next: number | null
  reminder: boolean
  start: number | null
  end: number | null
  /** `update_Date`: when the service last saved it (its version). */
  updated: number | null
  completed: boolean
}

const ms = (text: string | null | undefined) => parseServiceDate(text)?.getTime() ?? null

/**
 * A status as the completed rule compares it: trimmed, in any case. The server's SQL compares
 * the completed status this gives with the status it folds the same way.
 */
export const statusKey = (status: string | null | undefined) => (status ?? '').trim().toLowerCase()

/** Done: a completion date, or the completed status of the runtime config (any case). */
export function isCompleted(
  event: Pick<Event, 'completion_Date' | 'status'>,
  completedStatus: string,
): boolean {
  if (event.completion_Date) return true
  return statusKey(event.status) === statusKey(completedStatus)
}

/** The event's dates, read once. */
export function factsOf(event: Event, completedStatus: string): EventFacts {
  return {
    due: ms(event.due_Date),
    next: ms(event.next_Scheduled_Date),
    reminder: event.reminder === true,
    start: ms(event.start_Date),
    end: ms(event.end_Date),
    updated: ms(event.update_Date),
    completed: isCompleted(event, completedStatus),
  }
}

const at = (now: Date | number) => (typeof now === 'number' ? now : now.getTime())

/** When the next reminder rings, or null: none set, reminder off, or completed. */
export function reminderTime(f: EventFacts): number | null {
  return f.reminder && !f.completed ? f.next : null
}

/** A reminder rings now (or rang and is not yet dealt with). */
export function isReminderDue(f: EventFacts, now: Date | number): boolean {
  const r = reminderTime(f)
  return r !== null && r <= at(now)
}

/** The end of the event's snooze, or null when it is not snoozed (see the rules above). */
export function snoozedUntil(f: EventFacts, now: Date | number): number | null {
  const r = reminderTime(f)
  const t = at(now)
  return r !== null && r > t && f.due !== null && f.due <= t ? r : null
}

export const isSnoozed = (f: EventFacts, now: Date | number) => snoozedUntil(f, now) !== null

/** Open, due before now, and not snoozed. */
export function isOverdue(f: EventFacts, now: Date | number): boolean {
  const t = at(now)
  return !f.completed && f.due !== null && f.due < t && snoozedUntil(f, t) === null
}

/** When the event needs attention next: its snooze's end, else due date, else reminder, else start. */
export function attentionTime(f: EventFacts, now: Date | number): number | null {
  if (f.completed) return null
  return snoozedUntil(f, now) ?? f.due ?? reminderTime(f) ?? f.start
}

/** Where an event stands in someone's work now: the groups of My events. */
export type WorkState = 'overdue' | 'today' | 'snoozed' | 'upcoming' | 'undated' | 'completed'

/**
 * The one answer My events (and any count of "today", "overdue"…) uses: completed; snoozed;
 * overdue; else by when it needs attention, today (before tomorrow's midnight, a reminder that
 * already rang included) or upcoming; undated without a due date, reminder or start.
 */
export function workState(f: EventFacts, now: Date, tomorrow: number): WorkState {
  if (f.completed) return 'completed'
  if (isSnoozed(f, now)) return 'snoozed'
  if (isOverdue(f, now)) return 'overdue'
  const when = attentionTime(f, now)
  if (when === null) return 'undated'
  return when < tomorrow ? 'today' : 'upcoming'
}

/** The next reminder as every view shows it: when it rings, or why none will. */
export type NextReminder = { at: string } | { none: 'completed' | 'off' | 'unset' }

export function nextReminderOf(
  event: Pick<Event, 'completion_Date' | 'status' | 'reminder' | 'next_Scheduled_Date'>,
  completedStatus: string,
): NextReminder {
  // A completed event reminds nobody, whatever date is still stored; nor does one with the
  // reminder off.
  if (isCompleted(event, completedStatus)) return { none: 'completed' }
  if (!event.reminder) return { none: 'off' }
  const at = event.next_Scheduled_Date
  return at && parseServiceDate(at) ? { at } : { none: 'unset' }
}

/** Words for a reminder that will not ring. */
export const NO_REMINDER: Record<'completed' | 'off' | 'unset', string> = {
  completed: 'None (completed)',
  off: 'Off',
  unset: 'Not set',
}

/**
 * What a snooze writes, "remind me later": the reminder on, ringing at `until` (the next
 * scheduled date and time alike, as the service's own snooze sets them).
 */
export const snoozeChange = (until: string) => ({
  reminder: true,
  next_Scheduled_Date: until,
  next_Scheduled_Time: until,
})
