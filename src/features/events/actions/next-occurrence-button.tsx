import type { EventSchedule } from '@/api/schemas/event-schedule'
import { Button } from '@/components/ui/button'
import { useNextOccurrenceCommand } from './use-schedule-commands'

interface NextOccurrenceButtonProps {
  schedule: EventSchedule
  /** ID of the text describing the schedule, so the button says which one it moves. */
  describedBy?: string
}

/** Moves the event to the next occurrence of one schedule; the toast offers Undo. */
export function NextOccurrenceButton({ schedule, describedBy }: NextOccurrenceButtonProps) {
  const { next, pending } = useNextOccurrenceCommand()
  return (
    <Button
      size="small"
      aria-describedby={describedBy}
      disabled={pending}
      onClick={() => void next(schedule)}
    >
      {pending ? 'Moving…' : 'Next occurrence'}
    </Button>
  )
}
