import { DecisionClockChip } from '../clock/decision-clock-chip'
import { useDecisionClock } from '../clock/use-decision-clock'
import type { KnownAuth } from '../known-auths'
import styles from './lookup.module.css'

const full = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ')

/** A known auth in a line: member, provider, status, and its decision clock. */
export function KnownAuthLine({ known }: { known: KnownAuth }) {
  const { auth, vba } = known
  const clock = useDecisionClock(auth)
  const member = full(vba?.member_First_Name, vba?.member_Last_Name) || auth.subscriber_ID
  const provider =
    vba?.provider_Org_Name ||
    full(vba?.provider_First_Name, vba?.provider_Last_Name) ||
    auth.provider_ID
  return (
    <span className={styles.knownLine}>
      <span className={styles.muted}>
        {[member, provider, auth.status ?? (auth.auth_Code && `code ${auth.auth_Code}`)]
          .filter(Boolean)
          .join(' · ')}
      </span>{' '}
      <DecisionClockChip clock={clock} />
    </span>
  )
}
