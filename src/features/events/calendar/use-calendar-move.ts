import { ApiError } from '@/api/errors'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import type { Placement } from './calendar-search'
import { describeMove, describePlacement, movedFields, type MoveDelta, type MoveEdge } from './move'
import { placeEvent, type PlacedEvent } from '../model/placement'
import { useMoveEvent } from '../queries'
import { eventTitle } from '../model/title'
import { dateOrderProblems, EVENT_DATE_ORDER } from '@/api/schemas/date-order'
import { useRuntimeConfig } from '@/lib/app-context'
import { eventDateLabel } from '../model/date-labels'

export interface MoveRequest {
  event: Event
  delta: MoveDelta
  edge?: MoveEdge
  /** Called when the save is refused (a dragged event is put back where it was drawn). */
  onRefused?: (() => void) | undefined
}

interface CalendarMoveOptions {
  place: Placement
  /** Says it to screen readers (a polite live region). */
  announce: (message: string) => void
}

/**
 * Moving an event from the calendar (drag, resize, Alt+Arrow or the panel's Move): works out the
 * dates that change, saves them (shown at once), announces and toasts the result, offers Undo,
 * and explains a refusal. Returns where the event goes, or null when it cannot be moved.
 */
export function useCalendarMove({ place, announce }: CalendarMoveOptions) {
  const move = useMoveEvent()
  const { completedStatus } = useRuntimeConfig()

  const save = (
    event: Event,
    fields: Partial<Event>,
    before: PlacedEvent,
    undo: boolean,
    onRefused?: () => void,
  ) => {
    const after = placeEvent({ ...event, ...fields }, place, completedStatus)
    const title = eventTitle(event)
    announce(undo ? `Moved “${title}” back` : describeMove(event, after))
    move.mutate(
      { eventId: event.event_ID, previous: event, fields },
      {
        onSuccess: () => {
          const previous = Object.fromEntries(
            Object.keys(fields).map((k) => [k, event[k as keyof Event] ?? null]),
          ) as Partial<Event>
          toast.success(undo ? 'Move undone' : 'Event moved', {
            // Where it was and where it is now, so the new dates are never in doubt.
            description: `${title}: ${describePlacement(before)} → ${after ? describePlacement(after) : 'no date'}`,
            action: undo
              ? undefined
              : {
                  label: 'Undo',
                  onAction: () => save({ ...event, ...fields }, previous, after ?? before, true),
                },
          })
        },
        onError: (error) => {
          onRefused?.()
          const reason = describeError(error).message
          const message = `Could not move “${title}”: ${reason}`
          const where =
            error instanceof ApiError && error.status === 404
              ? 'It no longer exists, so it has left the calendar.'
              : `It is back on ${describePlacement(before)}.`
          announce(`${message}. ${where}`)
          toast.error('The move was not saved', { description: `${reason} ${where}` })
        },
      },
    )
    return after
  }

  return (request: MoveRequest): PlacedEvent | null => {
    const { event, delta, edge = 'both', onRefused } = request
    const before = placeEvent(event, place, completedStatus)
    if (!before) return null
    const fields = movedFields(event, before.by, delta, edge)
    // The one rule for date ranges: a move never puts an end or a due date before the start.
    const problems = dateOrderProblems(
      { ...event, ...fields },
      EVENT_DATE_ORDER,
      (f) => `the ${eventDateLabel(f)}`,
    )
    const problem = Object.entries(problems)[0]
    if (problem) {
      const message = `Could not move “${eventTitle(event)}”: its ${eventDateLabel(problem[0])} ${problem[1].toLowerCase()}.`
      announce(message)
      toast.error('The move was not made', { description: message })
      return null
    }
    return save(event, fields, before, false, onRefused)
  }
}
