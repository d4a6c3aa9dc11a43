import type { Event, EventField } from '@/api/schemas/event'
import { formatCount } from '@/lib/format/format'
import { isCompleted } from '../../model/facts'

/** What a bulk action does to every selected event. */
export type BulkAction =
  | { kind: 'assign-user'; userId: string }
  | { kind: 'assign-group'; groupKey: number }
  | { kind: 'priority'; priority: string; label: string }
  | { kind: 'status'; status: string }
  /** `completedAt` is a service date (`2026-03-14T09:30:00`). */
  | { kind: 'complete'; completedStatus: string; completedAt: string }

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
      return `${n} already had that status`
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
  }
}

/**
 * The events that undo a change: each as the service has it now, with the action's fields put
 * back to what they were before. Events missing from `before` are left out.
 */
export function undoEvents(
  sent: readonly Event[],
  before: readonly Event[],
  fields: readonly EventField[],
): Event[] {
  const previous = new Map(before.map((e) => [e.event_ID, e]))
  return sent.flatMap((event) => {
    const old = previous.get(event.event_ID)
    if (!old) return []
    const restored: Event = { ...event }
    for (const field of fields) Object.assign(restored, { [field]: old[field] ?? null })
    return [restored]
  })
}

const events = (n: number) => `${formatCount(n)} ${n === 1 ? 'event' : 'events'}`

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
  }
}
