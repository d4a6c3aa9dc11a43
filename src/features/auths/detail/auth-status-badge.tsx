import type { Auth } from '@/api/schemas/auth'
import { useStoredTone } from '../auth-codes'
import { toneOf } from '../model/tone'
import styles from './detail.module.css'

/**
 * The auth's status as stored, with its code beside it ("Approved · A"), in the colour they
 * share. When the code and the status disagree (code A, status Denied) neither colour is right:
 * the badge is marked as disagreeing instead of taking the code's colour.
 */
export function AuthStatusBadge({ auth }: { auth: Pick<Auth, 'auth_Code' | 'status'> }) {
  const stored = useStoredTone(auth)
  const conflict = stored !== toneOf(auth)
  const tone = conflict ? 'conflict' : stored
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
      {conflict && <span className={styles.badgeWarn}>disagree</span>}
    </span>
  )
}
