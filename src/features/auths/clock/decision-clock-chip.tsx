import type { DecisionClock } from '../model/decision-clock'
import { clockText, leftText } from './clock-text'
import styles from './clock.module.css'

/**
 * The decision clock in a list or beside a link: "due in 1 day", "overdue by 2 days" (the due
 * time in its title and for screen readers), amber and red as on the auth's page. Nothing for a
 * decided auth or one without a clock.
 */
export function DecisionClockChip({ clock }: { clock: DecisionClock | null | undefined }) {
  if (!clock || clock.kind !== 'running') return null
  const full = clockText(clock)
  return (
    <span className={styles.chip} data-clock-state={clock.state} title={full}>
      <span aria-hidden="true">{clock.left < 0 ? leftText(clock) : `due ${leftText(clock)}`}</span>
      <span className="visually-hidden">{full}</span>
    </span>
  )
}
