import type { QueryClient } from '@tanstack/react-query'
import type { MutationScope } from '@/api/pinned-mutation'
import type { Event } from '@/api/schemas/event'
import { dropFromIndex, patchIndex } from './index/index-registry'
import { calendarKeys, eventKeys } from './keys'

/*
 * Every cache update after a write to events, in one place, for the list, the detail and the
 * calendar alike: an event the service answered with is stored as its detail and written into
 * the event index and the calendar's loaded pages, a deleted one leaves them, and the listings
 * of its database are refreshed. Nothing listens to the cache to follow a write: each write calls these.
 */
export type CacheScope = Pick<MutationScope, 'queryClient' | 'db'>

/** Refreshes the event listings of the scope's database (the list pages and users' lists). */
export function invalidateListings({ queryClient, db }: CacheScope) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.lists(db) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.userEventLists(db) }),
  ])
}

/** An event the service answered with: its detail, its place in the calendar, the listings. */
export function storeEvent(scope: CacheScope, event: Event) {
  scope.queryClient.setQueryData(eventKeys.detail(scope.db, event.event_ID), event)
  patchIndex(scope.db, [event])
  patchCalendarEvent(scope.queryClient, scope.db, event)
  return invalidateListings(scope)
}

/** An event that is gone: out of the detail cache and the calendar, listings refreshed. */
export function forgetEvent(scope: CacheScope, eventId: number) {
  scope.queryClient.removeQueries({ queryKey: eventKeys.detail(scope.db, eventId) })
  dropFromIndex(scope.db, [eventId])
  removeCalendarEvent(scope.queryClient, scope.db, eventId)
  return invalidateListings(scope)
}

/** A page with one event replaced (by ID); the same array when it is not there or unchanged. */
export function replaceInPage(page: Event[], event: Event): Event[] {
  const index = page.findIndex((e) => e.event_ID === event.event_ID)
  if (index < 0 || page[index] === event) return page
  const copy = page.slice()
  copy[index] = event
  return copy
}

/** A page without one event; the same array when it is not there. */
export function removeFromPage(page: Event[], eventId: number): Event[] {
  return page.some((e) => e.event_ID === eventId)
    ? page.filter((e) => e.event_ID !== eventId)
    : page
}

/**
 * Writes one event into a database's loaded calendar pages; with `heardAt`, only into pages
 * loaded before then (a page loaded later already has a newer copy).
 */
export function patchCalendarEvent(
  queryClient: QueryClient,
  db: string,
  event: Event,
  heardAt = Infinity,
) {
  queryClient.setQueriesData<Event[]>(
    { queryKey: calendarKeys.all(db), predicate: (q) => q.state.dataUpdatedAt < heardAt },
    (old) => (old ? replaceInPage(old, event) : old),
  )
}

/** Takes one event out of a database's loaded calendar pages. */
export function removeCalendarEvent(queryClient: QueryClient, db: string, eventId: number) {
  queryClient.setQueriesData<Event[]>({ queryKey: calendarKeys.all(db) }, (old) =>
    old ? removeFromPage(old, eventId) : old,
  )
}

/** One event of the loaded pages, by ID. */
export function findCalendarEvent(
  queryClient: QueryClient,
  db: string,
  eventId: number,
): Event | undefined {
  for (const [, page] of queryClient.getQueriesData<Event[]>({ queryKey: calendarKeys.all(db) }))
    for (const e of page ?? []) if (e.event_ID === eventId) return e
  return undefined
}
