import { useState } from 'react'
import type { Event } from '@/api/schemas/event'
import { Button } from '@/components/ui/button'
import { useCompleteCommand } from './use-event-commands'

interface MarkCompleteButtonProps {
  event: Event
  size?: 'small' | 'medium'
  variant?: 'default' | 'primary'
}

/** Completes the event (date now, 100 %, the completed status); the toast offers Undo. */
export function MarkCompleteButton({ event, size = 'small', variant }: MarkCompleteButtonProps) {
  const complete = useCompleteCommand()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size={size}
      variant={variant}
      disabled={busy}
      onClick={() => {
        setBusy(true)
        void complete(event).finally(() => setBusy(false))
      }}
    >
      {busy ? 'Completing…' : 'Mark complete'}
    </Button>
  )
}
