import type { Event } from '../../../api/schemas/event'

/**
 * The auth numbers an event names in its text (subject and metadata), in the service's form
 * `26-000123`. Only that shape: a bare number may be a claim or member number, not an auth.
 */
const AUTH_MENTION = /\b\d{2}-\d{6}\b/g

/** The auth numbers the event's subject and metadata name, in order, each once. */
export function authNumbersIn(event: Pick<Event, 'subject' | 'meta_Data'>): string[] {
  const text = [event.subject, event.meta_Data].filter(Boolean).join('\n')
  return [...new Set(text.match(AUTH_MENTION) ?? [])]
}

/** Whether the event names `authNumber` (or, with `true`, any auth number). */
export function mentionsAuth(
  event: Pick<Event, 'subject' | 'meta_Data'>,
  authNumber: string | true,
): boolean {
  const found = authNumbersIn(event)
  return authNumber === true ? found.length > 0 : found.includes(authNumber)
}
