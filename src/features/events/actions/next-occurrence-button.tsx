import { formatDisplayDateTime } from '@/lib/format/format'
import type { EventSchedule } from '@/api/schemas/event-schedule'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useNextScheduledDate } from '../queries'

interface NextOccurrenceButtonProps {
  schedule: EventSchedule
  /** ID of the text describing the schedule, so the button says which one it moves. */
  describedBy?: string
}

/** Moves the event to the next occurrence of one schedule. */
export function NextOccurrenceButton({ schedule, describedBy }: NextOccurrenceButtonProps) {
  const next = useNextScheduledDate()
  return (
    <Button
      size="small"
      aria-describedby={describedBy}
      disabled={next.isPending}
      onClick={() =>
        next.mutateAsync({ eventId: schedule.event_ID, scheduleId: schedule.schedule_ID }).then(
          (after) =>
            toast.success('Moved to the next occurrence', {
              description: formatDisplayDateTime(after.next_Scheduled_Date),
            }),
          (error: unknown) =>
            toast.error('Could not move to the next occurrence', {
              description: describeError(error).message,
            }),
        )
      }
    >
      {next.isPending ? 'Moving…' : 'Next occurrence'}
    </Button>
  )
}
