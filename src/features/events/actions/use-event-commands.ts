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
import { snoozeChange } from '../model/facts'
import { eventTitle } from '../model/title'
import { ApiError } from '@/api/errors'
import { useDirectory } from '@/lib/directory'

const titleOf = eventTitle

/** The fields a snooze, a reschedule or a next occurrence changes, as they were. */
export const nextDatesOf = (event: Event) => ({
  next_Scheduled_Date: event.next_Scheduled_Date ?? null,
  next_Scheduled_Time: event.next_Scheduled_Time ?? null,
})

/**
 * Undo: puts back the values a change replaced, on top of the event as the service answered it
 * (its `update_Date`), at once (`PUT`). A change someone made since is the service's 409,
 * reported, never overwritten. Nothing waits for the undo window: the change is already saved.
 */
export function useRestore() {
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

/** The service's version of an event now: a whole-event write starts from it, not a list's copy. */
export function useCurrentEvent() {
  const queries = useEventQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  return (eventId: number) =>
    queryClient.fetchQuery({ ...queries.detail(db, eventId), staleTime: 0 })
}

/**
 * Runs a snooze (`save`) and says how it went: its toast with Undo back to what the event held
 * before, or why it failed. Resolves to whether the service accepted it.
 */
async function snoozeWithUndo(
  event: Event,
  restore: ReturnType<typeof useRestore>,
  save: () => Promise<{
    after: Event
    previous: Partial<Event>
    title: string
    description: string
  }>,
): Promise<boolean> {
  try {
    const { after, previous, title, description } = await save()
    toast.success(title, {
      description,
      undo: {
        label: `Snooze of “${titleOf(event)}”`,
        run: () => restore(after, previous, 'Snooze'),
      },
    })
    return true
  } catch (error) {
    toast.error('Could not snooze', { description: describeError(error).message })
    return false
  }
}

/**
 * Snoozes an event (default 15 minutes): the reminder moves at once, the toast offers Undo.
 * Resolves to whether the service accepted it; failures are toasted here.
 */
export function useSnoozeCommand() {
  const snooze = useOptimisticSnooze()
  const restore = useRestore()
  const snoozes = useLookup('snoozes').data
  const run = (event: Event, duration: string = DEFAULT_SNOOZE_DURATION) =>
    snoozeWithUndo(event, restore, async () => {
      const label = snoozeLabel(duration, snoozes)
      const after = await snooze.mutateAsync({
        eventId: event.event_ID,
        snoozeDuration: duration,
        expectedUntil: expectedSnoozeUntil(duration, new Date()),
      })
      // Said as the model will show it: a reminder that rings then (the bell brings it back).
      const until = formatDisplayDateTime(after.next_Scheduled_Date)
      return {
        after,
        previous: { reminder: event.reminder, ...nextDatesOf(event) },
        title: `Snoozed for ${label}`,
        description: after.reminder
          ? `${titleOf(event)}: the reminder rings again at ${until}`
          : `${titleOf(event)}: next date ${until}, but its reminder is off`,
      }
    })
  /** `pending` while this snooze is on its way (the mutation's own flag). */
  return { snooze: run, pending: snooze.isPending }
}

/**
 * Snoozes an event until a chosen time. The service's snooze takes only a duration from now, so
 * this is a `PUT` of the snooze's own change (reminder on, next date and time at `until`) on top
 * of the event as the service has it now, with its `update_Date`: the time is exactly the one
 * chosen, and an edit made meanwhile is a 409, reported, never overwritten. (A duration that
 * happens to land on the same minute is not sent instead: the service counts it from its own
 * clock when the request arrives, so the reminder would ring a few seconds off the chosen time.)
 * The toast offers Undo.
 */
export function useSnoozeUntilCommand() {
  const current = useCurrentEvent()
  const update = useUpdateEvent()
  const restore = useRestore()
  return (event: Event, until: string) =>
    snoozeWithUndo(event, restore, async () => {
      const before = await current(event.event_ID)
      const after = await update.mutateAsync({ ...before, ...snoozeChange(until) })
      return {
        after,
        previous: { reminder: before.reminder, ...nextDatesOf(before) },
        title: `Snoozed until ${formatDisplayDateTime(until)}`,
        description: `${titleOf(event)}: the reminder rings again then`,
      }
    })
}

/**
 * Marks an event complete: completion date now, 100 %, the completed status of the runtime
 * config, by `PUT` of the whole event as the service has it now. The toast offers Undo.
 */
export function useCompleteCommand() {
  const current = useCurrentEvent()
  const update = useUpdateEvent()
  const restore = useRestore()
  const { completedStatus } = useRuntimeConfig()
  return async (event: Event) => {
    try {
      const before = await current(event.event_ID)
      const after = await update.mutateAsync({
        ...before,
        completion_Date: formatServiceDate(new Date()),
        completion_Percent: 100,
        status: completedStatus,
      })
      const previous = {
        completion_Date: before.completion_Date ?? null,
        completion_Percent: before.completion_Percent ?? null,
        status: before.status ?? null,
      }
      toast.success('Marked complete', {
        description: titleOf(event),
        undo: {
          label: `Completion of “${titleOf(event)}”`,
          run: () => restore(after, previous, 'Completion'),
        },
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
  const read = useCurrentEvent()
  const update = useUpdateEvent()
  const me = useCurrentUser().userId
  const { personName } = useDirectory()
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
