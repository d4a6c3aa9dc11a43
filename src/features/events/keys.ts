import type { ListEventsParams } from '@/api/events'
import { dbKey } from '@/api/query-keys'

/** The list parameters as keyed and sent: an empty sort is no sort. */
export const listKey = ({ page, pageSize, sortBy }: ListEventsParams = {}) => ({
  page,
  pageSize,
  sortBy: sortBy || undefined,
})

/** Keys go from general to specific, database first: `['db', db, 'events', ...]`. */
export const eventKeys = {
  all: (db: string) => [...dbKey(db), 'events'] as const,
  lists: (db: string) => [...eventKeys.all(db), 'list'] as const,
  list: (db: string, params?: ListEventsParams) =>
    [...eventKeys.lists(db), listKey(params)] as const,
  details: (db: string) => [...eventKeys.all(db), 'detail'] as const,
  detail: (db: string, eventId: number) => [...eventKeys.details(db), eventId] as const,
  /** The event read as far as it goes (one the console cannot fully read); below its detail. */
  readable: (db: string, eventId: number) =>
    [...eventKeys.detail(db, eventId), 'readable'] as const,
  /** Below the event's detail key, so removing or invalidating the event covers its schedules. */
  schedules: (db: string, eventId: number) =>
    [...eventKeys.detail(db, eventId), 'schedules'] as const,
  userEventLists: (db: string) => [...eventKeys.all(db), 'user'] as const,
  userEvents: (db: string, userId: string) => [...eventKeys.userEventLists(db), userId] as const,
}
