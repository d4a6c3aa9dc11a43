import { normalizeServiceDate } from '@/api/dates'

/**
 * A new event prefilled from another page (an auth's "Create follow-up event"), carried in the
 * history entry's state, never in the address.
 */
export interface FollowUp {
  subject: string
  user_ID: string | null
  /** A service date, or null. */
  due_Date: string | null
}

/** The history state that opens the new-event form prefilled. */
export const followUpState = (followUp: FollowUp) => ({ followUp })

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null

/** The follow-up a history state carries, checked (anything else is ignored), or null. */
export function readFollowUp(state: unknown): FollowUp | null {
  const raw = (state as { followUp?: unknown } | null)?.followUp
  if (typeof raw !== 'object' || raw === null) return null
  const { subject, user_ID, due_Date } = raw as Record<string, unknown>
  const title = text(subject, 1000)
  if (!title) return null
  return {
    subject: title,
    user_ID: text(user_ID, 100),
    due_Date: typeof due_Date === 'string' ? normalizeServiceDate(due_Date) : null,
  }
}
