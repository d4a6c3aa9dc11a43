import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import { useRuntimeConfig } from '@/lib/app-context'
import { useOptimisticSnooze, useUpdateEvent, useEventQueries } from '../queries'
import { useLookup } from '../use-lookup'
import { expectedSnoozeUntil, snoozeLabel } from './snooze-duration'

const titleOf = (event: Event) => event.subject?.trim() || `Event ${event.event_ID}`

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
        next_Scheduled_Date: event.next_Scheduled_Date ?? null,
        next_Scheduled_Time: event.next_Scheduled_Time ?? null,
      }
      toast.success(`Snoozed for ${label}`, {
        description: `${titleOf(event)}: next reminder ${formatDisplayDateTime(after.next_Scheduled_Date)}`,
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
