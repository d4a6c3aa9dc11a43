import { useState } from 'react'
import { formatServiceDate, toDateTimeInputValue } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { useRuntimeConfig } from '@/lib/app-context'
import {
  defaultSnoozeUntil,
  readSnoozeUntil,
  snoozeLabel,
  snoozeMinutes,
} from '../../actions/snooze-duration'
import { useLookup } from '../../use-lookup'
import type { BulkAction } from './bulk-changes'
import styles from './bulk-dialog.module.css'

interface SnoozeFormProps {
  formId: string
  onApply: (action: BulkAction) => void
}

/**
 * Snooze many events: for a listed duration (from now) or until a chosen time. The service's
 * snooze takes one event at a time, so a bulk snooze writes what a snooze writes (reminder on,
 * next date and time) with the batch endpoint; a duration is counted from now, on this clock.
 */
export function SnoozeForm({ formId, onApply }: SnoozeFormProps) {
  const { completedStatus } = useRuntimeConfig()
  const snoozes = useLookup('snoozes').data ?? []
  // Only durations whose length is known can be turned into a time.
  const durations = [
    DEFAULT_SNOOZE_DURATION,
    ...snoozes.map((o) => o.option_Key).filter((k) => k !== DEFAULT_SNOOZE_DURATION),
  ].filter((k) => snoozeMinutes(k) !== null)
  const [mode, setMode] = useState<'for' | 'until'>('for')
  const [duration, setDuration] = useState(DEFAULT_SNOOZE_DURATION)
  const [until, setUntil] = useState(() => toDateTimeInputValue(defaultSnoozeUntil(new Date())))
  const [problem, setProblem] = useState<string>()

  const submit = () => {
    const now = new Date()
    if (mode === 'for') {
      const minutes = snoozeMinutes(duration) ?? 15
      const at = formatServiceDate(new Date(now.getTime() + minutes * 60_000))
      return onApply({
        kind: 'snooze',
        until: at,
        label: `for ${snoozeLabel(duration, snoozes)}`,
        completedStatus,
      })
    }
    const chosen = readSnoozeUntil(until, now)
    if (chosen.problem !== undefined) return setProblem(chosen.problem)
    onApply({
      kind: 'snooze',
      until: chosen.until,
      label: `until ${formatDisplayDateTime(chosen.until)}`,
      completedStatus,
    })
  }

  return (
    <form
      id={formId}
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <fieldset className={styles.choice}>
        <legend className={styles.legend}>Snooze</legend>
        <label className={styles.radio}>
          <input
            type="radio"
            name="snooze-mode"
            checked={mode === 'for'}
            onChange={() => setMode('for')}
          />
          For a while
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name="snooze-mode"
            checked={mode === 'until'}
            onChange={() => setMode('until')}
          />
          Until a date and time
        </label>
      </fieldset>
      {mode === 'for' ? (
        <SelectField
          label="Snooze for"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          options={durations.map((k) => ({ value: k, label: snoozeLabel(k, snoozes) }))}
        />
      ) : (
        <TextField
          label="Remind me at"
          type="datetime-local"
          value={until}
          min={toDateTimeInputValue(formatServiceDate(new Date()))}
          error={problem}
          onChange={(e) => setUntil(e.target.value)}
        />
      )}
      <p className={styles.lead}>
        Each open event’s reminder turns on and rings then. Completed events are left alone.
      </p>
    </form>
  )
}
