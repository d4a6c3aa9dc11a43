import type { Event } from '@/api/schemas/event'

/** Values to offer in the bulk dialogs: the service has no user or group list to ask. */
export interface BulkSuggestions {
  users: string[]
  groups: number[]
  statuses: string[]
}

const isEvent = (value: unknown): value is Event =>
  typeof value === 'object' && value !== null && typeof (value as Event).event_ID === 'number'

/** The events in cached answers: lists, single events; anything else is skipped. */
export function eventsIn(data: readonly unknown[]): Event[] {
  return data.flatMap((d) => (Array.isArray(d) ? d.filter(isEvent) : isEvent(d) ? [d] : []))
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' })

/**
 * User IDs, group keys and statuses seen in the loaded events, sorted; the signed-in user first
 * and the completed status always among the statuses.
 */
export function collectSuggestions(
  events: readonly Event[],
  me: string,
  completedStatus: string,
): BulkSuggestions {
  const users = new Set<string>()
  const groups = new Set<number>()
  const statuses = new Set<string>([completedStatus])
  for (const e of events) {
    if (e.user_ID) users.add(e.user_ID)
    if (e.userGroup_Key != null) groups.add(e.userGroup_Key)
    if (e.status) statuses.add(e.status)
  }
  users.delete(me)
  return {
    users: [me, ...[...users].sort(byText)],
    groups: [...groups].sort((a, b) => a - b),
    statuses: [...statuses].sort(byText),
  }
}
