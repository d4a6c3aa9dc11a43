import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { getEvent, updateEvent } from '@/api/events'
import { ApiError } from '@/api/errors'
import type { Event } from '@/api/schemas/event'
import { forgetEvent, storeEvent } from '../cache'
import { patchIndex } from '../index/index-registry'

export interface MoveEventVariables {
  eventId: number
  /** The event as the calendar shows it before the move. */
  previous: Event
  /** The date fields with their new values (see `movedFields`). */
  fields: Partial<Event>
}

/**
 * Moves an event: it is shown in its new place at once (the event index is patched), then the
 * new dates are saved with `PUT /events/{id}` on top of the event as the service has it now (the
 * whole event, unknown fields kept). A refusal puts it back; an event that no longer exists
 * leaves the calendar. Moves run one after another, so quick key presses land in order.
 */
export function useMoveEvent() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: 'calendar-move' },
    onMutate: ({ previous, fields }: MoveEventVariables) => {
      const db = database
      patchIndex(db, [{ ...previous, ...fields }])
      return { db }
    },
    mutationFn: async ({ eventId, fields }: MoveEventVariables) => {
      const current = await getEvent(api, eventId, { database })
      return updateEvent(api, { ...current, ...fields }, { database })
    },
    onError: (error, { eventId, previous }, context) => {
      if (!context) return
      if (error instanceof ApiError && error.status === 404)
        void forgetEvent({ queryClient, db: context.db }, eventId)
      else patchIndex(context.db, [previous])
    },
    onSuccess: (saved, _vars, context) => storeEvent({ queryClient, db: context.db }, saved),
  })
}
