import { ApiError } from '@/api/errors'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { toast } from '@/components/ui/toast'
import type { Placement } from './calendar-search'
import {
  describeMove,
  describePlacement,
  eventTitle,
  movedFields,
  type MoveDelta,
  type MoveEdge,
} from './move'
import { placeEvent, type PlacedEvent } from './placement'
import { useMoveEvent } from '../queries'

export interface MoveRequest {
  event: Event
  delta: MoveDelta
  edge?: MoveEdge
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

  const save = (event: Event, fields: Partial<Event>, before: PlacedEvent, undo: boolean) => {
    const after = placeEvent({ ...event, ...fields }, place)
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
    const { event, delta, edge = 'both' } = request
    const before = placeEvent(event, place)
    if (!before) return null
    return save(event, movedFields(event, before.by, delta, edge), before, false)
  }
}
