import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { SLOT_MINUTES, type CalendarView } from './calendar-dates'
import { keyboardDelta, type MoveDelta } from './move'
import styles from './event-side-panel.module.css'

interface MoveControlsProps {
  /** The calendar's view: ↑ ↓ move by a week in the month and agenda, by a slot in time grids. */
  view: CalendarView
  onMove: (delta: MoveDelta) => void
  disabled?: boolean
}

const movesFor = (byWeek: boolean) =>
  [
    { key: 'ArrowLeft', label: 'A day earlier' },
    { key: 'ArrowRight', label: 'A day later' },
    { key: 'ArrowUp', label: byWeek ? 'A week earlier' : `${SLOT_MINUTES} min earlier` },
    { key: 'ArrowDown', label: byWeek ? 'A week later' : `${SLOT_MINUTES} min later` },
  ] as const

/** Move without a mouse: a day, a week or a time slot either way (as Alt+Arrow on the event). */
export function MoveControls({ view, onMove, disabled }: MoveControlsProps) {
  const hintId = useId()
  const byWeek = view === 'month' || view === 'agenda'
  return (
    <section className={styles.section} aria-labelledby={`${hintId}-title`}>
      <h3 id={`${hintId}-title`} className={styles.sectionTitle}>
        Move
      </h3>
      <div className={styles.moveGrid} role="group" aria-label="Move" aria-describedby={hintId}>
        {movesFor(byWeek).map((m) => (
          <Button
            key={m.key}
            size="small"
            disabled={disabled}
            aria-keyshortcuts={`Alt+${m.key}`}
            onClick={() => {
              const delta = keyboardDelta(m.key, SLOT_MINUTES, view)
              if (delta) onMove(delta)
            }}
          >
            {m.label}
          </Button>
        ))}
      </div>
      <p id={hintId} className={styles.hint}>
        In the calendar, Alt with an arrow key moves the focused event: ← → by a day, ↑ ↓ by{' '}
        {byWeek ? 'a week' : `${SLOT_MINUTES} minutes`}.
      </p>
    </section>
  )
}
