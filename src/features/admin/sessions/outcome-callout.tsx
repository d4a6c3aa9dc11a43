import type { Ref } from 'react'
import { outcomeTone, type KickOutcome } from './kick-outcome'
import styles from './outcome-callout.module.css'

interface OutcomeCalloutProps {
  outcome: KickOutcome | null
  ref?: Ref<HTMLDivElement>
}

/**
 * The result of the card's last action, stated plainly. The region is always there and polite,
 * so a screen reader hears each new result; focus moves here after the dialog closes.
 */
export function OutcomeCallout({ outcome, ref }: OutcomeCalloutProps) {
  const tone = outcome ? outcomeTone(outcome.kind) : null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-live="polite"
      className={`${styles.region} ${tone ? styles[tone] : ''}`}
    >
      {outcome && (
        <>
          <span className={styles.icon} aria-hidden="true">
            {tone === 'success' ? '✓' : tone === 'info' ? 'i' : '!'}
          </span>
          <div className={styles.text}>
            <strong className={styles.title}>{outcome.title}</strong>
            {outcome.detail && <span>{outcome.detail}</span>}
            {outcome.activityId && (
              <span className={styles.meta}>
                Activity ID <code>{outcome.activityId}</code>
              </span>
            )}
          </div>
        </>
      )}
    </div>
  )
}
