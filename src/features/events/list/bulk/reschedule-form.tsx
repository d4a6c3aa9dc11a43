import { useState } from 'react'
import { fromDateTimeInputValue } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { TextField } from '@/components/ui/text-field'
import type { BulkAction } from './bulk-changes'
import styles from './bulk-dialog.module.css'

interface RescheduleFormProps {
  formId: string
  onApply: (action: BulkAction) => void
}

/**
 * Reschedule many events: each one's due date moves to the chosen date and time (start and end
 * stay; an event whose start is later than the new due date is refused by the service, dates in
 * order, and listed with the reason).
 */
export function RescheduleForm({ formId, onApply }: RescheduleFormProps) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string>()
  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const due = fromDateTimeInputValue(value)
        if (due === null) return setProblem('Choose a date and a time')
        onApply({ kind: 'reschedule', due, label: formatDisplayDateTime(due) })
      }}
    >
      <TextField
        label="New due date"
        type="datetime-local"
        hint="Each event becomes due then; its start and end dates stay as they are."
        value={value}
        error={problem}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
      />
    </form>
  )
}
