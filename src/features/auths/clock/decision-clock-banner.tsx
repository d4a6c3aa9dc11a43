import type { DecisionClock } from '../model/decision-clock'
import { clockText } from './clock-text'
import styles from './clock.module.css'

const WARNING: Partial<Record<string, string>> = {
  soon: 'Due soon. ',
  overdue: 'Overdue. ',
}

/**
 * The decision clock first on an auth's page: "Decision due Thu 26 Nov, 14:00 — in 1 day 4 h",
 * amber when the due time is near, red once it has passed; the rule it follows beside it. A
 * decided auth has none; one the clock cannot run for says why.
 */
export function DecisionClockBanner({ clock }: { clock: DecisionClock }) {
  if (clock.kind === 'decided') return null
  const state = clock.kind === 'running' ? clock.state : 'none'
  return (
    <p className={styles.banner} data-clock-state={state}>
      {/* The colour is not the only sign: the words say it too. */}
      {WARNING[state] && <span className="visually-hidden">{WARNING[state]}</span>}
      <span className={styles.bannerText}>{clockText(clock)}</span>
      {clock.kind === 'running' && (
        <span className={styles.bannerRule}>
          {clock.rule.name} rule: {ruleLength(clock.rule)} from receipt
        </span>
      )}
    </p>
  )
}

const ruleLength = (rule: { hours?: number | undefined; days?: number | undefined }) =>
  rule.hours !== undefined
    ? `${rule.hours} hour${rule.hours === 1 ? '' : 's'}`
    : `${rule.days} calendar day${rule.days === 1 ? '' : 's'}`
