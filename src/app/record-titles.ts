import { AUTH_NUMBER_PATTERN } from '@/features/auths/auth-fields'
import { parseEventId } from '@/features/events/event-id'

// A record's page names it by its number only (see `TitleHandle`, page-title.ts).

/** "Event 42", from the route's `eventId` when it is one (else the label alone). */
export function eventTitle(label: string, eventId: string | undefined) {
  const id = parseEventId(eventId)
  return id === null ? label : `${label} ${id}`
}

/** "Auth 25-000024", from the route's `authNumber` when it is one (else the label alone). */
export function authTitle(label: string, authNumber: string | undefined) {
  return authNumber && AUTH_NUMBER_PATTERN.test(authNumber) ? `${label} ${authNumber}` : label
}
