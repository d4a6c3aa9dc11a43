import type { Event } from '@/api/schemas/event'
import { formatDisplayDateTime } from '@/lib/format/format'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useRescheduleEvent } from '../queries'

interface RescheduleButtonProps {
  event: Event
  size?: 'small' | 'medium'
}

/** Moves the event to the next date of its schedule (the service refuses without one). */
export function RescheduleButton({ event, size = 'medium' }: RescheduleButtonProps) {
  const reschedule = useRescheduleEvent()
  return (
    <Button
      size={size}
      disabled={reschedule.isPending}
      onClick={() =>
        reschedule.mutateAsync(event.event_ID).then(
          (after) =>
            toast.success('Rescheduled', {
              description: `Next reminder ${formatDisplayDateTime(after.next_Scheduled_Date)}`,
            }),
          (error: unknown) =>
            toast.error('Could not reschedule', { description: describeError(error).message }),
        )
      }
    >
      {reschedule.isPending ? 'Rescheduling…' : 'Reschedule'}
    </Button>
  )
}
