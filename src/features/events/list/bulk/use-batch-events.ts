import { batchEvents } from '@/api/events-batch'
import { usePinnedMutation } from '@/api/pinned-mutation'
import type { Event } from '@/api/schemas/event'

/**
 * Updates many events in one `PUT /events-batch` (one batch of a bulk change). Its cache update
 * is the bulk change's, once the whole change is done (`storeBatch`): updating the index after
 * every batch would re-render the list fifty times for 5,000 events.
 */
export function useBatchEvents() {
  return usePinnedMutation({
    mutationFn: (events: Event[], { api, db }) => batchEvents(api, events, { database: db }),
  })
}
