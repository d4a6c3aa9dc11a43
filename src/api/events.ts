import { idempotencyKeyOf } from './idempotency'
import { noDataSchema, type ApiClient, type RequestOptions } from './client'
import {
  readableRecordSchema,
  recordListSchema,
  type ReadableRecord,
  type RecordList,
} from './records'
import {
  eventScheduleListSchema,
  eventScheduleSchema,
  type EventSchedule,
} from './schemas/event-schedule'
import { eventSchema, type Event, type NewEvent } from './schemas/event'

/** A list of events read one by one: an event the contract rejects is reported, not fatal. */
const eventRecordsSchema = recordListSchema(eventSchema, 'event_ID')
const readableEventSchema = readableRecordSchema(eventSchema)

const id = (value: string | number) => encodeURIComponent(String(value))

export const DEFAULT_SNOOZE_DURATION = 'SNOOZE_15_MIN'

export type SortDirection = 'asc' | 'desc'
export interface SortField {
  field: string
  direction: SortDirection
}

/** `[{ field: 'due_Date', direction: 'desc' }]` -> `due_Date:desc`. */
export function formatSortBy(fields: readonly SortField[]): string {
  return fields.map((f) => `${f.field}:${f.direction === 'desc' ? 'desc' : 'asc'}`).join(',')
}

const SORT_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * `due_Date:desc,subject` -> fields with directions (ascending when not given). Entries with an
 * unusable field name or direction are dropped, so a hand-edited URL cannot break the request.
 */
export function parseSortBy(text: string | null | undefined): SortField[] {
  if (!text) return []
  const fields: SortField[] = []
  for (const part of text.split(',')) {
    const [rawField = '', rawDirection, ...rest] = part.split(':').map((s) => s.trim())
    if (rest.length > 0 || !SORT_FIELD.test(rawField)) continue
    const direction = rawDirection === undefined ? 'asc' : rawDirection.toLowerCase()
    if (direction !== 'asc' && direction !== 'desc') continue
    fields.push({ field: rawField, direction })
  }
  return fields
}

export interface ListEventsParams {
  page?: number | undefined
  pageSize?: number | undefined
  /** `field:asc,field:desc` (see `formatSortBy`). */
  sortBy?: string | undefined
}

export function createEvent(
  api: ApiClient,
  event: NewEvent,
  options?: RequestOptions,
): Promise<Event> {
  return api.request(
    {
      name: 'createEvent',
      method: 'POST',
      path: '/events',
      body: event,
      schema: eventSchema,
      idempotencyKey: idempotencyKeyOf(event),
    },
    options,
  )
}

/**
 * `GET /events`. No total count: there is a next page while a page comes back full (counting
 * the unreadable events too). Events are parsed one by one; those the contract rejects are left
 * out and listed in `unreadable` by ID and field names.
 */
export function listEvents(
  api: ApiClient,
  params: ListEventsParams = {},
  options?: RequestOptions,
): Promise<RecordList<Event>> {
  return api.request(
    {
      name: 'listEvents',
      method: 'GET',
      path: '/events',
      query: { page: params.page, pageSize: params.pageSize, sortBy: params.sortBy || undefined },
      schema: eventRecordsSchema,
    },
    options,
  )
}

export function getEvent(
  api: ApiClient,
  eventId: number,
  options?: RequestOptions,
): Promise<Event> {
  return api.request(
    { name: 'getEvent', method: 'GET', path: `/events/${id(eventId)}`, schema: eventSchema },
    options,
  )
}

/**
 * `GET /events/{eventID}` read as far as it goes: the whole event, or (when it fails the
 * contract) the fields that pass and the names of those that do not. For showing an event the
 * console cannot fully read; never for editing it.
 */
export function readEvent(
  api: ApiClient,
  eventId: number,
  options?: RequestOptions,
): Promise<ReadableRecord<Event>> {
  return api.request(
    {
      name: 'getEvent',
      method: 'GET',
      path: `/events/${id(eventId)}`,
      schema: readableEventSchema,
    },
    options,
  )
}

/** `PUT /events/{eventID}` with the whole event (unknown fields included). */
export function updateEvent(
  api: ApiClient,
  event: Event,
  options?: RequestOptions,
): Promise<Event> {
  return api.request(
    {
      name: 'updateEvent',
      method: 'PUT',
      path: `/events/${id(event.event_ID)}`,
      body: event,
      schema: eventSchema,
    },
    options,
  )
}

export function deleteEvent(
  api: ApiClient,
  eventId: number,
  options?: RequestOptions,
): Promise<null> {
  return api.request(
    { name: 'deleteEvent', method: 'DELETE', path: `/events/${id(eventId)}`, schema: noDataSchema },
    options,
  )
}

/** `GET /users/{userId}/events`: the user's active events, read one by one (see `listEvents`). */
export function listUserEvents(
  api: ApiClient,
  userId: string,
  options?: RequestOptions,
): Promise<RecordList<Event>> {
  return api.request(
    {
      name: 'listUserEvents',
      method: 'GET',
      path: `/users/${id(userId)}/events`,
      schema: eventRecordsSchema,
    },
    options,
  )
}

export function rescheduleEvent(
  api: ApiClient,
  eventId: number,
  options?: RequestOptions,
): Promise<Event> {
  return api.request(
    {
      name: 'rescheduleEvent',
      method: 'POST',
      path: `/events/${id(eventId)}/reschedule`,
      schema: eventSchema,
    },
    options,
  )
}

export function listEventSchedules(
  api: ApiClient,
  eventId: number,
  options?: RequestOptions,
): Promise<EventSchedule[]> {
  return api.request(
    {
      name: 'listEventSchedules',
      method: 'GET',
      path: `/events/${id(eventId)}/schedules`,
      schema: eventScheduleListSchema,
    },
    options,
  )
}

/** Moves the event to the next date of the given schedule; returns the schedule after the move. */
export function nextScheduledDate(
  api: ApiClient,
  eventId: number,
  scheduleId: number | string,
  options?: RequestOptions,
): Promise<EventSchedule> {
  return api.request(
    {
      name: 'nextScheduledDate',
      method: 'POST',
      path: `/events/${id(eventId)}/schedules/${id(scheduleId)}/next`,
      schema: eventScheduleSchema,
    },
    options,
  )
}

/** `POST /events/{eventID}/snooze?snoozeDuration=...` (durations come from `GET /snoozes`). */
export function snoozeEvent(
  api: ApiClient,
  eventId: number,
  snoozeDuration: string = DEFAULT_SNOOZE_DURATION,
  options?: RequestOptions,
): Promise<Event> {
  return api.request(
    {
      name: 'snoozeEvent',
      method: 'POST',
      path: `/events/${id(eventId)}/snooze`,
      query: { snoozeDuration },
      schema: eventSchema,
    },
    options,
  )
}
