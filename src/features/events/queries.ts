import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import {
  batchEvents,
  createEvent,
  deleteEvent,
  getEvent,
  listEventSchedules,
  listEvents,
  listUserEvents,
  nextScheduledDate,
  rescheduleEvent,
  snoozeEvent,
  updateEvent,
  type ListEventsParams,
} from '@/api/events'
import { dbKey } from '@/api/query-keys'
import type { Event, NewEvent } from '@/api/schemas/event'
import type { EventSchedule } from '@/api/schemas/event-schedule'

/** Keys go from general to specific, database first: `['db', db, 'events', ...]`. */
export const eventQueries = {
  all: (db: string) => [...dbKey(db), 'events'] as const,
  lists: (db: string) => [...eventQueries.all(db), 'list'] as const,
  list: (api: ApiClient, db: string, params: ListEventsParams = {}) => {
    const { page, pageSize, sortBy } = params
    const key = { page, pageSize, sortBy: sortBy || undefined }
    return queryOptions({
      queryKey: [...eventQueries.lists(db), key] as const,
      queryFn: ({ signal }) => listEvents(api, key, { signal, database: db }),
    })
  },
  details: (db: string) => [...eventQueries.all(db), 'detail'] as const,
  detail: (api: ApiClient, db: string, eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.details(db), eventId] as const,
      queryFn: ({ signal }) => getEvent(api, eventId, { signal, database: db }),
    }),
  /** Below the event's detail key, so removing or invalidating the event covers its schedules. */
  schedules: (api: ApiClient, db: string, eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.details(db), eventId, 'schedules'] as const,
      queryFn: ({ signal }) => listEventSchedules(api, eventId, { signal, database: db }),
    }),
  userEventLists: (db: string) => [...eventQueries.all(db), 'user'] as const,
  userEvents: (api: ApiClient, db: string, userId: string) =>
    queryOptions({
      queryKey: [...eventQueries.userEventLists(db), userId] as const,
      queryFn: ({ signal }) => listUserEvents(api, userId, { signal, database: db }),
    }),
}

/**
 * The database a mutation started in. Cache updates use it (not the one current when the answer
 * arrives), so an answer can never land under another database's keys.
 */
interface MutationScope {
  db: string
}

function invalidateListings(queryClient: QueryClient, db: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventQueries.lists(db) }),
    queryClient.invalidateQueries({ queryKey: eventQueries.userEventLists(db) }),
  ])
}

/** Stores an event the service answered with as its detail, then refreshes the listings. */
function storeEvent(queryClient: QueryClient, api: ApiClient, db: string, event: Event) {
  queryClient.setQueryData(eventQueries.detail(api, db, event.event_ID).queryKey, event)
  return invalidateListings(queryClient, db)
}

export function useCreateEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (event: NewEvent) => createEvent(api, event, { database }),
    onSuccess: (created, _event, scope) => storeEvent(queryClient, api, scope.db, created),
  })
}

/** Saves the whole event; the answer becomes the cached detail. */
export function useUpdateEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (event: Event) => updateEvent(api, event, { database }),
    onSuccess: (updated, _event, scope) => storeEvent(queryClient, api, scope.db, updated),
  })
}

export function useDeleteEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (eventId: number) => deleteEvent(api, eventId, { database }),
    onSuccess: (_data, eventId, scope) => {
      queryClient.removeQueries({ queryKey: eventQueries.detail(api, scope.db, eventId).queryKey })
      return invalidateListings(queryClient, scope.db)
    },
  })
}

/** Creates or updates many events; any cached event may have changed, so all are refreshed. */
export function useBatchEvents() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (events: NewEvent[]) => batchEvents(api, events, { database }),
    onSuccess: (_result, _events, scope) =>
      queryClient.invalidateQueries({ queryKey: eventQueries.all(scope.db) }),
  })
}

export interface SnoozeEventVariables {
  eventId: number
  /** A key of `GET /snoozes`; default `SNOOZE_15_MIN`. */
  snoozeDuration?: string
}

export function useRescheduleEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (eventId: number) => rescheduleEvent(api, eventId, { database }),
    onSuccess: (event, eventId, scope) =>
      Promise.all([
        storeEvent(queryClient, api, scope.db, event),
        queryClient.invalidateQueries({
          queryKey: eventQueries.schedules(api, scope.db, eventId).queryKey,
        }),
      ]),
  })
}

export interface NextScheduledDateVariables {
  eventId: number
  scheduleId: number
}

/** Moves the event to the next date of a schedule; the answer replaces that cached schedule. */
export function useNextScheduledDate() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: ({ eventId, scheduleId }: NextScheduledDateVariables) =>
      nextScheduledDate(api, eventId, scheduleId, { database }),
    onSuccess: (schedule, { eventId }, scope) => {
      queryClient.setQueryData(
        eventQueries.schedules(api, scope.db, eventId).queryKey,
        (old: EventSchedule[] | undefined) =>
          old?.map((s) => (s.schedule_ID === schedule.schedule_ID ? schedule : s)),
      )
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: eventQueries.detail(api, scope.db, eventId).queryKey,
          exact: true,
        }),
        invalidateListings(queryClient, scope.db),
      ])
    },
  })
}

export interface OptimisticSnoozeVariables extends SnoozeEventVariables {
  /**
   * Where the snooze is expected to move the next reminder (canonical date text). The cached
   * event shows it at once, so a due reminder leaves the reminders list before the service
   * answers; the answer then replaces it, and a refusal puts the event back as it was.
   */
  expectedUntil: string
}

/**
 * Snoozes with an optimistic update: the event's next reminder moves at once in the cached user
 * lists and detail, and is rolled back if the service refuses.
 */
export function useOptimisticSnooze() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: async ({ eventId, expectedUntil }: OptimisticSnoozeVariables) => {
      const db = database
      const lists = { queryKey: eventQueries.userEventLists(db) }
      const detailKey = eventQueries.detail(api, db, eventId).queryKey
      await Promise.all([
        queryClient.cancelQueries(lists),
        queryClient.cancelQueries({ queryKey: detailKey, exact: true }),
      ])
      const snoozed = (e: Event): Event =>
        e.event_ID === eventId
          ? { ...e, next_Scheduled_Date: expectedUntil, next_Scheduled_Time: expectedUntil }
          : e
      const snapshot = {
        db,
        lists: queryClient.getQueriesData<Event[]>(lists),
        detail: queryClient.getQueryData(detailKey),
      }
      queryClient.setQueriesData<Event[]>(lists, (old) => old?.map(snoozed))
      if (snapshot.detail) queryClient.setQueryData(detailKey, snoozed(snapshot.detail))
      return snapshot
    },
    mutationFn: ({ eventId, snoozeDuration }: OptimisticSnoozeVariables) =>
      snoozeEvent(api, eventId, snoozeDuration, { database }),
    onError: (_error, { eventId }, snapshot) => {
      if (!snapshot) return
      // Put back only this event, so other changes made meanwhile stay.
      for (const [key, data] of snapshot.lists) {
        const before = data?.find((e) => e.event_ID === eventId)
        if (before)
          queryClient.setQueryData<Event[]>(key, (old) =>
            old?.map((e) => (e.event_ID === eventId ? before : e)),
          )
      }
      if (snapshot.detail)
        queryClient.setQueryData(
          eventQueries.detail(api, snapshot.db, eventId).queryKey,
          snapshot.detail,
        )
      return invalidateListings(queryClient, snapshot.db)
    },
    onSuccess: (event, _vars, snapshot) => {
      queryClient.setQueriesData<Event[]>(
        { queryKey: eventQueries.userEventLists(snapshot.db) },
        (old) => old?.map((e) => (e.event_ID === event.event_ID ? event : e)),
      )
      return storeEvent(queryClient, api, snapshot.db, event)
    },
  })
}
