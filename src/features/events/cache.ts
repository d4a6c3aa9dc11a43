import type { MutationScope } from '@/api/pinned-mutation'
import type { BatchResult } from '@/api/schemas/batch-result'
import type { Event } from '@/api/schemas/event'
import { dropFromIndex, patchIndex } from './index/index-registry'
import { eventKeys } from './keys'
import { summarizeBatch } from './list/bulk/batch-results'

/*
 * Every cache update after a write to events, in one place, for the list, the detail and the
 * calendar alike: an event the service answered with is stored as its detail and written into
 * the event index (which the list, the calendar and search read), a deleted one leaves it, and
 * the listings of its database are refreshed. Nothing listens to the cache to follow a write:
 * each write calls these.
 */
export type CacheScope = Pick<MutationScope, 'queryClient' | 'db'>

/** Refreshes the event listings of the scope's database (the list pages and users' lists). */
export function invalidateListings({ queryClient, db }: CacheScope) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.lists(db) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.userEventLists(db) }),
  ])
}

/** An event the service answered with: its detail, the index (list, calendar, search), the listings. */
export function storeEvent(scope: CacheScope, event: Event) {
  scope.queryClient.setQueryData(eventKeys.detail(scope.db, event.event_ID), event)
  patchIndex(scope.db, [event])
  return invalidateListings(scope)
}

/** An event that is gone: out of the detail cache and the index, listings refreshed. */
export function forgetEvent(scope: CacheScope, eventId: number) {
  scope.queryClient.removeQueries({ queryKey: eventKeys.detail(scope.db, eventId) })
  dropFromIndex(scope.db, [eventId])
  return invalidateListings(scope)
}

/**
 * A batch the service answered item by item: each event it accepted goes into the index as sent
 * (the list shows the change at once; the next sync brings its new `update_Date`), and its cached
 * detail is marked stale, so a page that opens it reads it again.
 */
export function storeBatch(scope: CacheScope, sent: readonly Event[], result: BatchResult) {
  const { succeeded } = summarizeBatch(sent, result)
  patchIndex(scope.db, succeeded)
  for (const e of succeeded)
    void scope.queryClient.invalidateQueries({
      queryKey: eventKeys.detail(scope.db, e.event_ID),
      exact: true,
    })
}
