import { useState } from 'react'
import type { Event } from '@/api/schemas/event'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { useDeleteEvent } from '../queries'
import { eventTitle } from '../model/title'

interface DeleteEventButtonProps {
  /** Its ID and subject are all it needs (an event the console cannot fully read has these). */
  event: Pick<Event, 'event_ID' | 'subject'>
  /** Called after the service deleted it (e.g. to leave its page). */
  onDeleted?: () => void
  size?: 'small' | 'medium'
}

/** Deletes the event after the user confirms. */
export function DeleteEventButton({ event, onDeleted, size = 'medium' }: DeleteEventButtonProps) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteEvent()
  const title = eventTitle(event)
  return (
    <>
      <Button size={size} variant="ghost" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete this event?"
        confirmLabel="Delete event"
        danger
        pending={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          remove.mutateAsync(event.event_ID).then(
            () => {
              setOpen(false)
              toast.success('Event deleted', { description: title })
              onDeleted?.()
            },
            (error: unknown) => {
              setOpen(false)
              toast.error('Could not delete the event', {
                description: describeError(error).message,
              })
            },
          )
        }
      >
        <p>
          “{title}” (event {event.event_ID}) and its schedules will be deleted. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  )
}
