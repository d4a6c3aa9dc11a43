import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { SLOT_MINUTES } from './calendar-dates'
import { keyboardDelta, type MoveDelta } from './move'
import styles from './event-side-panel.module.css'

interface MoveControlsProps {
  onMove: (delta: MoveDelta) => void
  disabled?: boolean
}

const MOVES = [
  { key: 'ArrowLeft', label: 'A day earlier', keys: 'Alt+←' },
  { key: 'ArrowRight', label: 'A day later', keys: 'Alt+→' },
  { key: 'ArrowUp', label: `${SLOT_MINUTES} min earlier`, keys: 'Alt+↑' },
  { key: 'ArrowDown', label: `${SLOT_MINUTES} min later`, keys: 'Alt+↓' },
] as const

/** Move without a mouse: a day or a time slot either way (the same as Alt+Arrow on the event). */
export function MoveControls({ onMove, disabled }: MoveControlsProps) {
  const hintId = useId()
  return (
    <section className={styles.section} aria-labelledby={`${hintId}-title`}>
      <h3 id={`${hintId}-title`} className={styles.sectionTitle}>
        Move
      </h3>
      <div className={styles.moveGrid} role="group" aria-label="Move" aria-describedby={hintId}>
        {MOVES.map((m) => (
          <Button
            key={m.key}
            size="small"
            disabled={disabled}
            aria-keyshortcuts={`Alt+${m.key}`}
            onClick={() => {
              const delta = keyboardDelta(m.key, SLOT_MINUTES)
              if (delta) onMove(delta)
            }}
          >
            {m.label}
          </Button>
        ))}
      </div>
      <p id={hintId} className={styles.hint}>
        In the calendar, Alt with an arrow key moves the focused event: ← → by a day, ↑ ↓ by{' '}
        {SLOT_MINUTES} minutes.
      </p>
    </section>
  )
}
