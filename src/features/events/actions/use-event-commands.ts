import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { useOptimisticSnooze, useUpdateEvent, useEventQueries } from '../queries'
import { useLookup } from '../use-lookup'
import { expectedSnoozeUntil, snoozeLabel } from './snooze-duration'
import { eventTitle } from '../model/title'
import { ApiError } from '@/api/errors'
import { useDirectory } from '@/lib/directory'

const titleOf = eventTitle

/**
 * Undo: puts back the values a change replaced, on top of the event as the service answered it,
 * at once (`PUT`). Nothing waits for the undo window: the change is already saved.
 */
function useUndo() {
  const update = useUpdateEvent()
  return async (after: Event, previous: Partial<Event>, what: string) => {
    try {
      await update.mutateAsync({ ...after, ...previous })
      toast.success(`${what} undone`, { description: titleOf(after) })
    } catch (error) {
      toast.error(`Could not undo the ${what.toLowerCase()}`, {
        description: describeError(error).message,
      })
    }
  }
}

/**
 * Snoozes an event (default 15 minutes): the reminder moves at once, the toast offers Undo.
 * Resolves to whether the service accepted it; failures are toasted here.
 */
export function useSnoozeCommand() {
  const snooze = useOptimisticSnooze()
  const undo = useUndo()
  const snoozes = useLookup('snoozes').data
  const run = async (event: Event, duration: string = DEFAULT_SNOOZE_DURATION) => {
    const label = snoozeLabel(duration, snoozes)
    try {
      const after = await snooze.mutateAsync({
        eventId: event.event_ID,
        snoozeDuration: duration,
        expectedUntil: expectedSnoozeUntil(duration, new Date()),
      })
      const previous = {
        reminder: event.reminder,
        next_Scheduled_Date: event.next_Scheduled_Date ?? null,
        next_Scheduled_Time: event.next_Scheduled_Time ?? null,
      }
      // Said as the model will show it: a reminder that rings then (the bell brings it back).
      const until = formatDisplayDateTime(after.next_Scheduled_Date)
      toast.success(`Snoozed for ${label}`, {
        description: after.reminder
          ? `${titleOf(event)}: the reminder rings again at ${until}`
          : `${titleOf(event)}: next date ${until}, but its reminder is off`,
        action: { label: 'Undo', onAction: () => void undo(after, previous, 'Snooze') },
      })
      return true
    } catch (error) {
      toast.error('Could not snooze', { description: describeError(error).message })
      return false
    }
  }
  /** `pending` while this snooze is on its way (the mutation's own flag). */
  return { snooze: run, pending: snooze.isPending }
}

/**
 * Marks an event complete: completion date now, 100 %, the completed status of the runtime
 * config, by `PUT` of the whole event as the service has it now. The toast offers Undo.
 */
export function useCompleteCommand() {
  const queries = useEventQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const update = useUpdateEvent()
  const undo = useUndo()
  const { completedStatus } = useRuntimeConfig()
  return async (event: Event) => {
    try {
      // The whole event goes back, so start from the service's version, not a list's copy.
      const current = await queryClient.fetchQuery({
        ...queries.detail(db, event.event_ID),
        staleTime: 0,
      })
      const after = await update.mutateAsync({
        ...current,
        completion_Date: formatServiceDate(new Date()),
        completion_Percent: 100,
        status: completedStatus,
      })
      const previous = {
        completion_Date: current.completion_Date ?? null,
        completion_Percent: current.completion_Percent ?? null,
        status: current.status ?? null,
      }
      toast.success('Marked complete', {
        description: titleOf(event),
        action: { label: 'Undo', onAction: () => void undo(after, previous, 'Completion') },
      })
      return true
    } catch (error) {
      toast.error('Could not mark it complete', { description: describeError(error).message })
      return false
    }
  }
}

/** How a claim ended: claimed, taken by someone else first, or failed (said in a toast). */
export type ClaimOutcome = { claimed: Event } | { takenBy: string; event: Event } | { failed: true }

/**
 * "Assign to me": the event as the service has it now, assigned to the signed-in user (its group
 * kept), saved against that version. Two people claiming at once: the service takes one write
 * and refuses the other's stale one (409); the loser reads the event again and is told who has
 * it. An event someone already holds is not taken from them.
 */
export function useClaimCommand() {
  const queries = useEventQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const update = useUpdateEvent()
  const me = useCurrentUser().userId
  const { personName } = useDirectory()
  const read = (id: number) => queryClient.fetchQuery({ ...queries.detail(db, id), staleTime: 0 })
  const claim = async (event: Event, { quiet = false } = {}): Promise<ClaimOutcome> => {
    try {
      const current = await read(event.event_ID)
      if (current.user_ID && current.user_ID !== me)
        return { takenBy: current.user_ID, event: current }
      if (current.user_ID === me) return { claimed: current }
      const saved = await update.mutateAsync({ ...current, user_ID: me })
      if (!quiet) toast.success('Assigned to you', { description: titleOf(saved) })
      return { claimed: saved }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const now = await read(event.event_ID).catch(() => null)
        if (now?.user_ID && now.user_ID !== me) return { takenBy: now.user_ID, event: now }
      }
      toast.error('Could not assign it to you', { description: describeError(error).message })
      return { failed: true }
    }
  }
  /** Says who has an event the user tried to claim; `next` offers the next one. */
  const sayTaken = (outcome: { takenBy: string; event: Event }, next?: () => void) =>
    toast.error(`${personName(outcome.takenBy)} has it`, {
      description: `${titleOf(outcome.event)} was taken by ${personName(outcome.takenBy)} first.`,
      ...(next ? { action: { label: 'Take the next one', onAction: next } } : {}),
    })
  return { claim, sayTaken }
}
