import { useId, useState, type RefObject } from 'react'
import { formatServiceDate, toDateTimeInputValue } from '@/api/dates'
import type { Event } from '@/api/schemas/event'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { eventTitle } from '../model/title'
import { defaultSnoozeUntil, readSnoozeUntil } from './snooze-duration'
import { useSnoozeUntilCommand } from './use-event-commands'

interface SnoozeUntilDialogProps {
  event: Event
  open: boolean
  onClose: () => void
  /** The button of the menu that opened it, which gets focus back on closing. */
  returnFocus?: RefObject<HTMLElement | null>
}

/**
 * "Snooze until…": a date and time (tomorrow 09:00 to start with) instead of a listed duration.
 * Closes once the service has the snooze; a refusal is toasted and the dialog stays open.
 */
export function SnoozeUntilDialog({ open, ...props }: SnoozeUntilDialogProps) {
  return open ? <SnoozeUntilForm {...props} /> : null
}

function SnoozeUntilForm({ event, onClose, returnFocus }: Omit<SnoozeUntilDialogProps, 'open'>) {
  const formId = useId()
  const snoozeUntil = useSnoozeUntilCommand()
  const [value, setValue] = useState(() => toDateTimeInputValue(defaultSnoozeUntil(new Date())))
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const chosen = readSnoozeUntil(value, new Date())
    if (chosen.problem !== undefined) return setProblem(chosen.problem)
    setProblem(undefined)
    setBusy(true)
    const ok = await snoozeUntil(event, chosen.until)
    setBusy(false)
    if (ok) onClose()
  }
  return (
    <Dialog
      open
      onClose={onClose}
      returnFocus={returnFocus}
      title="Snooze until…"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={busy}>
            {busy ? 'Snoozing…' : 'Snooze'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <TextField
          label="Remind me at"
          type="datetime-local"
          hint={`${eventTitle(event)}: its reminder rings again then.`}
          value={value}
          min={toDateTimeInputValue(formatServiceDate(new Date()))}
          error={problem}
          autoFocus
          required
          onChange={(e) => setValue(e.target.value)}
        />
      </form>
    </Dialog>
  )
}
