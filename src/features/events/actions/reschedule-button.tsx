import type { Event } from '@/api/schemas/event'
import { Button } from '@/components/ui/button'
import { useRescheduleCommand } from './use-schedule-commands'

interface RescheduleButtonProps {
  event: Event
  size?: 'small' | 'medium'
}

/**
 * Moves the event to the next date of its schedule (the service refuses without one); the toast
 * offers Undo.
 */
export function RescheduleButton({ event, size = 'medium' }: RescheduleButtonProps) {
  const { reschedule, pending } = useRescheduleCommand()
  return (
    <Button size={size} disabled={pending} onClick={() => void reschedule(event)}>
      {pending ? 'Rescheduling…' : 'Reschedule'}
    </Button>
  )
}
