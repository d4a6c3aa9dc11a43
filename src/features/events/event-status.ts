import { parseServiceDate } from '@/api/dates'
import type { Event } from '@/api/schemas/event'

/** Done: it has a completion date, or its status is the completed status of the runtime config. */
export function isCompleted(event: Event, completedStatus: string): boolean {
  if (event.completion_Date) return true
  return (event.status ?? '').trim().toLowerCase() === completedStatus.trim().toLowerCase()
}

/**
 * When the event needs attention: its due date, else its next reminder. My events groups and
 * charts by it. Null when neither is a date.
 */
export function workDate(event: Event): Date | null {
  return parseServiceDate(event.due_Date) ?? parseServiceDate(event.next_Scheduled_Date)
}

/** Local midnight of the day `days` after the day of `date`. */
export function startOfDay(date: Date, days = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)
}
