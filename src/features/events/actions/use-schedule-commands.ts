import { formatDisplayDateTime } from '@/lib/format/format'
import type { Event } from '@/api/schemas/event'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import { eventTitle } from '../model/title'
import { useNextScheduledDate, useRescheduleEvent } from '../queries'
import { nextDatesOf, useCurrentEvent, useRestore } from './use-event-commands'

/*
 * The commands that move an event along its schedule, for the event page (apart from the
 * commands every list loads: snooze and complete, in `use-event-commands.ts`).
 */

const titleOf = eventTitle

/**
 * Reschedules an event: the service moves it to the next date of its schedule. The toast offers
 * Undo, which puts the event's previous next date and time back (the schedule's own next
 * occurrence stays moved: schedules are written by the service alone).
 */
export function useRescheduleCommand() {
  const current = useCurrentEvent()
  const reschedule = useRescheduleEvent()
  const restore = useRestore()
  const run = async (event: Event) => {
    try {
      // What Undo puts back: the next dates as the service had them just before.
      const before = await current(event.event_ID)
      const after = await reschedule.mutateAsync(event.event_ID)
      toast.success('Rescheduled', {
        description: `Next reminder ${formatDisplayDateTime(after.next_Scheduled_Date)}`,
        undo: {
          label: `Reschedule of “${titleOf(event)}”`,
          run: () => restore(after, nextDatesOf(before), 'Reschedule'),
        },
      })
      return true
    } catch (error) {
      toast.error('Could not reschedule', { description: describeError(error).message })
      return false
    }
  }
  return { reschedule: run, pending: reschedule.isPending }
}

/**
 * Moves an event to the next occurrence of one schedule. The toast offers Undo, which puts the
 * event's previous next date and time back (the schedule's own next occurrence stays moved).
 */
export function useNextOccurrenceCommand() {
  const current = useCurrentEvent()
  const next = useNextScheduledDate()
  const restore = useRestore()
  const run = async (schedule: EventSchedule) => {
    try {
      const before = await current(schedule.event_ID)
      const { event: after } = await next.mutateAsync({
        eventId: schedule.event_ID,
        scheduleId: schedule.schedule_ID,
      })
      toast.success('Moved to the next occurrence', {
        description: formatDisplayDateTime(after.next_Scheduled_Date),
        undo: {
          label: `Next occurrence of “${titleOf(after)}”`,
          run: () => restore(after, nextDatesOf(before), 'Move to the next occurrence'),
        },
      })
      return true
    } catch (error) {
      toast.error('Could not move to the next occurrence', {
        description: describeError(error).message,
      })
      return false
    }
  }
  return { next: run, pending: next.isPending }
}
