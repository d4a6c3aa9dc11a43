import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { getEvent, updateEvent } from '@/api/events'
import { ApiError } from '@/api/errors'
import type { Event } from '@/api/schemas/event'
import { findCalendarEvent, patchCalendarEvent, removeCalendarEvent, storeEvent } from '../cache'
import { calendarKeys } from '../keys'

export interface MoveEventVariables {
  eventId: number
  /** The date fields with their new values (see `movedFields`). */
  fields: Partial<Event>
}

interface MoveContext {
  db: string
  previous: Event | undefined
  /** Reloads of pages were stopped so they could not bring the old dates back. */
  cancelledReload: boolean
}

/**
 * Moves an event: it is shown in its new place at once (the calendar's pages are patched), then
 * the new dates are saved with `PUT /events/{id}` on top of the event as the service has it now
 * (the whole event, unknown fields kept). A refusal puts it back; an event that no longer exists
 * leaves the calendar. Moves run one after another, so quick key presses land in order.
 */
export function useMoveEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: 'calendar-move' },
    onMutate: async ({ eventId, fields }: MoveEventVariables): Promise<MoveContext> => {
      const db = database
      const pages = { queryKey: calendarKeys.all(db) }
      // A reload of loaded pages would bring back the dates from before the move.
      const reloading = queryClient
        .getQueryCache()
        .findAll(pages)
        .some((q) => q.state.fetchStatus === 'fetching' && q.state.data !== undefined)
      if (reloading)
        await queryClient.cancelQueries({
          ...pages,
          predicate: (q) => q.state.data !== undefined,
        })
      const previous = findCalendarEvent(queryClient, db, eventId)
      if (previous) patchCalendarEvent(queryClient, db, { ...previous, ...fields })
      return { db, previous, cancelledReload: reloading }
    },
    mutationFn: async ({ eventId, fields }: MoveEventVariables) => {
      const current = await getEvent(api, eventId, { database })
      return updateEvent(api, { ...current, ...fields }, { database })
    },
    onError: (error, { eventId }, context) => {
      if (!context) return
      if (error instanceof ApiError && error.status === 404)
        removeCalendarEvent(queryClient, context.db, eventId)
      else if (context.previous) patchCalendarEvent(queryClient, context.db, context.previous)
      if (context.cancelledReload)
        void queryClient.invalidateQueries({ queryKey: calendarKeys.all(context.db) })
    },
    onSuccess: (saved, _vars, context) =>
      Promise.all([
        storeEvent({ queryClient, db: context.db }, saved),
        context.cancelledReload &&
          queryClient.invalidateQueries({ queryKey: calendarKeys.all(context.db) }),
      ]),
  })
}
