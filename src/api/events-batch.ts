import { type ApiClient, type RequestOptions } from './client'
import { idempotencyKeyOf } from './idempotency'
import { batchResultSchema, type BatchResult } from './schemas/batch-result'
import type { NewEvent } from './schemas/event'

/*
 * The events batch, apart from the other event operations: only bulk changes send it, so its
 * answer's schema loads with them, not with every page that reads an event.
 */

/** `PUT /events-batch`: creates the events that do not exist, updates those that do. */
export function batchEvents(
  api: ApiClient,
  events: NewEvent[],
  options?: RequestOptions,
): Promise<BatchResult> {
  return api.request(
    {
      name: 'batchEvents',
      method: 'PUT',
      path: '/events-batch',
      body: events,
      schema: batchResultSchema,
      idempotencyKey: idempotencyKeyOf(events),
    },
    options,
  )
}
