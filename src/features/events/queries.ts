import { useMemo } from 'react'
import { ApiError } from '@/api/errors'
import { dropFromIndex, patchIndex } from './index/index-registry'
import { queryOptions, useMutationState } from '@tanstack/react-query'
import { usePinnedMutation } from '@/api/pinned-mutation'
import { useApi, useDatabase } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEventSchedules,
  listEvents,
  listUserEvents,
  nextScheduledDate,
  readEvent,
  rescheduleEvent,
  snoozeEvent,
  updateEvent,
  type ListEventsParams,
} from '@/api/events'
import type { RecordList } from '@/api/records'
import { parseServiceDate } from '@/api/schemas/common'
import type { Event, NewEvent } from '@/api/schemas/event'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { forgetEvent, invalidateListings, storeEvent } from './cache'
import { eventKeys, listKey } from './keys'
import { snoozeChange } from './model/facts'

/** The event queries of a service client: the keys (`keys.ts`) with their fetchers. */
export const eventQueries = (api: ApiClient) => ({
  list: (db: string, params?: ListEventsParams) =>
    queryOptions({
      queryKey: eventKeys.list(db, params),
      queryFn: ({ signal }) => listEvents(api, listKey(params), { signal, database: db }),
    }),
  detail: (db: string, eventId: number) =>
    queryOptions({
      queryKey: eventKeys.detail(db, eventId),
      queryFn: ({ signal }) =>
        getEvent(api, eventId, { signal, database: db }).catch((error: unknown) => {
          // Deleted elsewhere: the index (list, calendar, search) lets it go too.
          if (error instanceof ApiError && error.status === 404) dropFromIndex(db, [eventId])
          throw error
        }),
    }),
  /**
   * The event read as far as it goes: for an event that fails the contract, the fields that pass
   * and the names of the rest (its page shows them and offers Delete; nothing edits from it).
   */
  readable: (db: string, eventId: number) =>
    queryOptions({
      queryKey: eventKeys.readable(db, eventId),
      queryFn: ({ signal }) =>
        readEvent(api, eventId, { signal, database: db }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) dropFromIndex(db, [eventId])
          throw error
        }),
    }),
  schedules: (db: string, eventId: number) =>
    queryOptions({
      queryKey: eventKeys.schedules(db, eventId),
      queryFn: ({ signal }) => listEventSchedules(api, eventId, { signal, database: db }),
    }),
  userEvents: (db: string, userId: string) =>
    queryOptions({
      queryKey: eventKeys.userEvents(db, userId),
      queryFn: ({ signal }) => listUserEvents(api, userId, { signal, database: db }),
    }),
})

/** The event queries bound to the nearest `ApiProvider`'s client. */
export function useEventQueries() {
  const api = useApi()
  return useMemo(() => eventQueries(api), [api])
}

export function useCreateEvent() {
  return usePinnedMutation({
    mutationFn: (event: NewEvent, { api, db }) => createEvent(api, event, { database: db }),
    onSuccess: (created, _event, scope) => storeEvent(scope, created),
  })
}

/** Saves the whole event; the answer becomes the cached detail. */
export function useUpdateEvent() {
  return usePinnedMutation({
    mutationFn: (event: Event, { api, db }) => updateEvent(api, event, { database: db }),
    onSuccess: (updated, _event, scope) => storeEvent(scope, updated),
  })
}

export function useDeleteEvent() {
  return usePinnedMutation({
    mutationFn: (eventId: number, { api, db }) => deleteEvent(api, eventId, { database: db }),
    onSuccess: (_data, eventId, scope) => forgetEvent(scope, eventId),
  })
}

export interface SnoozeEventVariables {
  eventId: number
  /** A key of `GET /snoozes`; default `SNOOZE_15_MIN`. */
  snoozeDuration?: string
}

export function useRescheduleEvent() {
  return usePinnedMutation({
    mutationFn: (eventId: number, { api, db }) => rescheduleEvent(api, eventId, { database: db }),
    onSuccess: (event, eventId, scope) =>
      Promise.all([
        storeEvent(scope, event),
        scope.queryClient.invalidateQueries({
          queryKey: eventKeys.schedules(scope.db, eventId),
        }),
      ]),
  })
}

export interface NextScheduledDateVariables {
  eventId: number
  scheduleId: number
}

/**
 * Moves the event to the next date of a schedule; the answer replaces that cached schedule. The
 * answer is the schedule, and the event's own dates moved too: the event is read afresh, stored
 * and returned beside it (its version is what an Undo writes on).
 */
export function useNextScheduledDate() {
  return usePinnedMutation({
    mutationFn: async ({ eventId, scheduleId }: NextScheduledDateVariables, { api, db }) => {
      const schedule = await nextScheduledDate(api, eventId, scheduleId, { database: db })
      return { schedule, event: await getEvent(api, eventId, { database: db }) }
    },
    onSuccess: ({ schedule, event }, { eventId }, scope) => {
      scope.queryClient.setQueryData(
        eventKeys.schedules(scope.db, eventId),
        (old: EventSchedule[] | undefined) =>
          old?.map((s) => (s.schedule_ID === schedule.schedule_ID ? schedule : s)),
      )
      return storeEvent(scope, event)
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

/** Names the optimistic snooze, for the views that read what it is moving (`useSnoozingAway`). */
const SNOOZE_KEY = ['events', 'snooze'] as const

/**
 * Snoozes with an optimistic update: the event's next reminder moves at once in the cached user
 * lists and detail, and is rolled back if the service refuses. An answer of the console server
 * is not in that cache: its readers leave out what `useSnoozingAway` names.
 */
export function useOptimisticSnooze() {
  return usePinnedMutation({
    key: SNOOZE_KEY,
    onMutate: async (
      { eventId, expectedUntil }: OptimisticSnoozeVariables,
      { queryClient, db },
    ) => {
      const lists = { queryKey: eventKeys.userEventLists(db) }
      const detailKey = eventKeys.detail(db, eventId)
      await Promise.all([
        queryClient.cancelQueries(lists),
        queryClient.cancelQueries({ queryKey: detailKey, exact: true }),
      ])
      const snoozed = (e: Event): Event =>
        // A snooze is "remind me later": the reminder is on, at the chosen time.
        e.event_ID === eventId ? { ...e, ...snoozeChange(expectedUntil) } : e
      const snapshot = {
        lists: queryClient.getQueriesData<RecordList<Event>>(lists),
        detail: queryClient.getQueryData<Event>(detailKey),
      }
      queryClient.setQueriesData<RecordList<Event>>(lists, (old) => mapRecords(old, snoozed))
      if (snapshot.detail) queryClient.setQueryData(detailKey, snoozed(snapshot.detail))
      return snapshot
    },
    mutationFn: ({ eventId, snoozeDuration }: OptimisticSnoozeVariables, { api, db }) =>
      snoozeEvent(api, eventId, snoozeDuration, { database: db }),
    onError: (_error, { eventId }, scope, snapshot) => {
      const { queryClient, db } = scope
      // Put back only this event, so other changes made meanwhile stay.
      for (const [key, data] of snapshot.lists) {
        const before = data?.records.find((e) => e.event_ID === eventId)
        if (before)
          queryClient.setQueryData<RecordList<Event>>(key, (old) =>
            mapRecords(old, (e) => (e.event_ID === eventId ? before : e)),
          )
      }
      if (snapshot.detail) queryClient.setQueryData(eventKeys.detail(db, eventId), snapshot.detail)
      return invalidateListings(scope)
    },
    onSuccess: (event, _vars, scope) => {
      scope.queryClient.setQueriesData<RecordList<Event>>(
        { queryKey: eventKeys.userEventLists(scope.db) },
        (old) => mapRecords(old, (e) => (e.event_ID === event.event_ID ? event : e)),
      )
      return storeEvent(scope, event)
    },
  })
}

/**
 * Whether a row read from an answer of this database still shows an event as it was before a
 * snooze: while the snooze is on its way, and after it saved, for any version older than the one
 * it saved (the next answer holds the saved one, or a later one, and is shown as it is). A
 * refused snooze hides nothing, so its event comes back at once; nor does one whose versions
 * cannot be compared (a service that stamps none).
 */
export function useSnoozingAway(): (event: Event) => boolean {
  const db = useDatabase()
  const moving = useMutationState({
    filters: { mutationKey: SNOOZE_KEY },
    select: (m) => ({
      eventId: (m.state.variables as OptimisticSnoozeVariables | undefined)?.eventId,
      // The database it started in (its context, once its optimistic change is made).
      db: (m.state.context as { db?: string } | undefined)?.db ?? null,
      status: m.state.status,
      saved: versionMs((m.state.data as Event | undefined)?.update_Date),
    }),
  })
  const key = JSON.stringify(
    moving.filter(
      (m) =>
        (m.db === db || m.db === null) &&
        (m.status === 'pending' || (m.status === 'success' && m.saved !== null)),
    ),
  )
  return useMemo(() => {
    const away = new Map<number, number | null>()
    for (const { eventId, status, saved } of JSON.parse(key) as typeof moving)
      if (eventId !== undefined) away.set(eventId, status === 'pending' ? null : saved)
    return (event) => {
      if (!away.has(event.event_ID)) return false
      const saved = away.get(event.event_ID)
      if (saved === null) return true
      const shown = versionMs(event.update_Date)
      return shown !== null && shown < saved!
    }
  }, [key])
}

/** An event's version (`update_Date`) as an instant, to compare however it is written. */
const versionMs = (text: string | null | undefined) => parseServiceDate(text)?.getTime() ?? null

export interface MoveEventVariables {
  eventId: number
  /** The event as the calendar shows it before the move. */
  previous: Event
  /** The date fields with their new values (see `movedFields` in `calendar/move.ts`). */
  fields: Partial<Event>
}

/**
 * Moves an event: it is shown in its new place at once (the event index is patched), then the
 * new dates are saved with `PUT /events/{id}` on top of the event as the service has it now (the
 * whole event, unknown fields kept). A refusal puts it back; an event that no longer exists
 * leaves the calendar. Moves run one after another, so quick key presses land in order.
 */
export function useMoveEvent() {
  return usePinnedMutation({
    queue: 'calendar-move',
    onMutate: ({ previous, fields }: MoveEventVariables, { db }) => {
      patchIndex(db, [{ ...previous, ...fields }])
    },
    mutationFn: async ({ eventId, fields }: MoveEventVariables, { api, db }) => {
      const current = await getEvent(api, eventId, { database: db })
      return updateEvent(api, { ...current, ...fields }, { database: db })
    },
    onError: (error, { eventId, previous }, scope) => {
      if (error instanceof ApiError && error.status === 404) void forgetEvent(scope, eventId)
      else patchIndex(scope.db, [previous])
    },
    onSuccess: (saved, _vars, scope) => storeEvent(scope, saved),
  })
}

/** A cached list with each readable event passed through `f` (the unreadable ones stay listed). */
function mapRecords(
  list: RecordList<Event> | undefined,
  f: (event: Event) => Event,
): RecordList<Event> | undefined {
  return list && { ...list, records: list.records.map(f) }
}
