import type { MutationScope } from '@/api/pinned-mutation'
import type { Event } from '@/api/schemas/event'
import { dropFromIndex, patchIndex } from './index/index-registry'
import { eventKeys } from './keys'

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
 * The events a bulk change wrote (as sent, the service having accepted them): into the index at
 * once, in one update (the next sync brings their new `update_Date`), their cached details marked
 * stale so a page that opens one reads it again, and the listings refreshed.
 */
export function storeBatch(scope: CacheScope, accepted: readonly Event[]) {
  patchIndex(scope.db, [...accepted])
  const ids = new Set(accepted.map((e) => e.event_ID))
  const details = eventKeys.details(scope.db)
  // One pass over the cache for all of them (not one per event).
  void scope.queryClient.invalidateQueries({
    queryKey: details,
    predicate: (query) =>
      query.queryKey.length === details.length + 1 &&
      ids.has(query.queryKey[details.length] as number),
  })
  return invalidateListings(scope)
}

/**
 * The event index saw events change (someone else's edit brought by its sync, or a write here):
 * every view that reads the service rather than the index (My events and the bell read the
 * user's list; an event's page its detail) reads again now, so that all views of one event change
 * together, within one sync, instead of each on its own timer.
 */
export function followIndexChange({ queryClient, db }: CacheScope) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.userEventLists(db) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.details(db) }),
  ])
}
