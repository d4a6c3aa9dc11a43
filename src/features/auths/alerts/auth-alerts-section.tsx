import { Link } from 'react-router'
import type { AuthAlert } from '@/api/auth-alerts'
import { formatDayAndClock } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import styles from './alerts.module.css'

const STATE_WORDS: Record<AuthAlert['state'], string> = {
  soon: 'Decision due soon',
  overdue: 'Decision overdue',
  escalated: 'Overdue, escalated to you',
}

/** The bell panel's section of auths near or past their decision deadline, soonest due first. */
export function AuthAlertsSection({
  alerts,
  onOpen,
}: {
  alerts: readonly AuthAlert[]
  onOpen: () => void
}) {
  return (
    <section aria-labelledby="auth-alerts-title" className={styles.section}>
      <h3 id="auth-alerts-title" className={styles.title}>
        Auth decision deadlines
      </h3>
      <ul className={styles.list} aria-label="Auths near or past their decision deadline">
        {alerts.map((a) => (
          <li key={a.authNumber} className={styles.item} data-state={a.state}>
            <Link to={paths.auths.detail(a.authNumber)} onClick={onOpen}>
              Auth {a.authNumber}
            </Link>
            <span className={styles.state}>
              {STATE_WORDS[a.state]}
              {a.urgent ? ' · urgent' : ''} · due {formatDayAndClock(a.dueMs)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
