import { parseServiceDate } from '@/api/dates'
import type { Event, EventField } from '@/api/schemas/event'
import { formatCount } from '@/lib/format/format'
import { isCompleted, snoozeChange } from '../../model/facts'

/** What a bulk action does to every selected event. */
export type BulkAction =
  | { kind: 'assign-user'; userId: string }
  | { kind: 'assign-group'; groupKey: number }
  | { kind: 'priority'; priority: string; label: string }
  | { kind: 'status'; status: string }
  /** `completedAt` is a service date (`2026-03-14T09:30:00`). */
  | { kind: 'complete'; completedStatus: string; completedAt: string }
  /** The reminder on, ringing at `until` (a service date); `label` says when ("for 1 hour"). */
  | { kind: 'snooze'; until: string; label: string; completedStatus: string }
  /** The due date moved to `due` (a service date). */
  | { kind: 'reschedule'; due: string; label: string }

/** The fields an action sets; Undo puts back exactly these. */
export function actionFields(action: BulkAction): EventField[] {
  switch (action.kind) {
    case 'assign-user':
    case 'assign-group':
      return ['user_ID', 'userGroup_Key']
    case 'priority':
      return ['priority']
    case 'status':
      return ['status']
    case 'complete':
      return ['completion_Date', 'completion_Percent', 'status']
    case 'snooze':
      return ['reminder', 'next_Scheduled_Date', 'next_Scheduled_Time']
    case 'reschedule':
      return ['due_Date']
  }
}

/** Whether the event already is as the action would leave it (it is skipped, not sent). */
export function alreadyDone(event: Event, action: BulkAction): boolean {
  switch (action.kind) {
    case 'assign-user':
      return event.user_ID === action.userId && event.userGroup_Key == null
    case 'assign-group':
      return event.userGroup_Key === action.groupKey && !event.user_ID
    case 'priority':
      return event.priority === action.priority
    case 'status':
      return event.status === action.status
    case 'complete':
      return isCompleted(event, action.completedStatus)
    case 'snooze':
      // A completed event is never snoozed (the model): nothing to remind of.
      return (
        isCompleted(event, action.completedStatus) ||
        (event.reminder === true && sameMoment(event.next_Scheduled_Date, action.until))
      )
    case 'reschedule':
      return sameMoment(event.due_Date, action.due)
  }
}

/** "2 already complete": the events an action skipped. */
export function describeSkipped(action: BulkAction, count: number): string {
  const were = count === 1 ? 'was' : 'were'
  const n = formatCount(count)
  switch (action.kind) {
    case 'complete':
      return `${n} already complete`
    case 'assign-user':
    case 'assign-group':
      return `${n} ${were} already assigned there`
    case 'priority':
      return `${n} already had that priority`
    case 'status':
      return `${count} already had that status`
    case 'snooze':
      return `${count} ${were} complete or already snoozed until then`
    case 'reschedule':
      return `${count} ${were} already due then`
  }
}

/**
 * The whole event after the action, every other field (unknown ones too) as loaded: the batch
 * replaces events, so what is not sent would be lost. An event goes to a user or to a group.
 */
export function applyAction(event: Event, action: BulkAction): Event {
  switch (action.kind) {
    case 'assign-user':
      return { ...event, user_ID: action.userId, userGroup_Key: null }
    case 'assign-group':
      return { ...event, user_ID: null, userGroup_Key: action.groupKey }
    case 'priority':
      return { ...event, priority: action.priority }
    case 'status':
      return { ...event, status: action.status }
    case 'complete':
      return {
        ...event,
        completion_Date: action.completedAt,
        completion_Percent: 100,
        status: action.completedStatus,
      }
    case 'snooze':
      return { ...event, ...snoozeChange(action.until) }
    case 'reschedule':
      return { ...event, due_Date: action.due }
  }
}

const events = (n: number) => `${formatCount(n)} ${n === 1 ? 'event' : 'events'}`

/** "Setting the priority to High": an action under way, for its progress. */
export function describeIntent(action: BulkAction): string {
  switch (action.kind) {
    case 'assign-user':
      return `Assigning to ${action.userId}`
    case 'assign-group':
      return `Assigning to group ${action.groupKey}`
    case 'priority':
      return `Setting the priority to ${action.label}`
    case 'status':
      return `Setting the status to ${action.status}`
    case 'complete':
      return 'Marking complete'
    case 'snooze':
      return `Snoozing ${action.label}`
    case 'reschedule':
      return `Rescheduling to ${action.label}`
  }
}

/** "Assigned 3 events to staff": the result of an action on `count` events, for a toast. */
export function describeAction(action: BulkAction, count: number): string {
  switch (action.kind) {
    case 'assign-user':
      return `Assigned ${events(count)} to ${action.userId}`
    case 'assign-group':
      return `Assigned ${events(count)} to group ${action.groupKey}`
    case 'priority':
      return `Set the priority of ${events(count)} to ${action.label}`
    case 'status':
      return `Set the status of ${events(count)} to ${action.status}`
    case 'complete':
      return `Marked ${events(count)} complete`
    case 'snooze':
      return `Snoozed ${events(count)} ${action.label}`
    case 'reschedule':
      return `Rescheduled ${events(count)} to ${action.label}`
  }
}

/** Two service dates naming the same moment (or both empty). */
function sameMoment(a: string | null | undefined, b: string | null | undefined) {
  if (!a || !b) return !a && !b
  return parseServiceDate(a)?.getTime() === parseServiceDate(b)?.getTime()
}

/** Field values compared as the service may write them back: empty alike, dates as moments. */
function sameValue(field: EventField, a: unknown, b: unknown) {
  const empty = (v: unknown) => v === null || v === undefined || v === ''
  if (empty(a) || empty(b)) return empty(a) && empty(b)
  if (field.endsWith('_Date') || field.endsWith('_Time')) return sameMoment(String(a), String(b))
  return a === b
}

/** The action's fields of an event: what an undo of the action puts back. */
export function fieldsOf(event: Event, action: BulkAction): Partial<Event> {
  const out: Record<string, unknown> = {}
  for (const f of actionFields(action)) out[f] = event[f] ?? null
  return out as Partial<Event>
}

/**
 * Whether an event still holds what the action wrote, in the action's fields: its undo may put
 * the previous values back. When not, someone changed them since, and the undo leaves them.
 */
export function stillAsLeft(event: Event, action: BulkAction): boolean {
  const left = fieldsOf(applyAction(event, action), action)
  return actionFields(action).every((f) => sameValue(f, event[f], left[f]))
}

/** Whether an event already holds these values (an undo has nothing to put back). */
export function holds(event: Event, values: Partial<Event>): boolean {
  return (Object.keys(values) as EventField[]).every((f) => sameValue(f, event[f], values[f]))
}
