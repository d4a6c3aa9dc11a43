import type { Event } from '@/api/schemas/event'

/** The name of a row's actions button (and of its menu): "Actions for <subject>". */
export const rowActionsLabel = (event: Event) =>
  `Actions for ${event.subject?.trim() || `event ${event.event_ID}`}`
