import type { Auth } from '@/api/schemas/auth'
import { toneOf } from '../glance'
import styles from './detail.module.css'

/** The auth's status in its colour, with the code beside it ("Approved · A"). */
export function AuthStatusBadge({ auth }: { auth: Pick<Auth, 'auth_Code' | 'status'> }) {
  const tone = toneOf(auth)
  const text = auth.status ?? (auth.auth_Code ? `Code ${auth.auth_Code}` : 'No status')
  return (
    <span className={`${styles.badge} ${styles[`tone_${tone}`]}`}>
      <span className={styles.dot} aria-hidden="true" />
      {text}
      {auth.status && auth.auth_Code && (
        <span className={styles.badgeCode}>
          <span className="visually-hidden">, code </span>
          <span aria-hidden="true">·</span> {auth.auth_Code}
        </span>
      )}
    </span>
  )
}
