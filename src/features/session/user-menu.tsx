import { useId } from 'react'
import { formatDisplayDateTime, formatServiceDate } from '@/api/dates'
import { Button } from '@/components/ui/button'
import { useCurrentUser } from '@/lib/app-context'
import styles from './header-controls.module.css'

/**
 * Who is signed in, when the session expires, Lock now (Ctrl+Shift+L) and Sign out, in the browser's own popover
 * (Escape and a click outside close it; focus returns to the button).
 */
export function UserMenu({ onSignOut, onLock }: { onSignOut: () => void; onLock: () => void }) {
  const user = useCurrentUser()
  const id = useId()
  const expires = user.expiresAt
    ? formatDisplayDateTime(formatServiceDate(new Date(user.expiresAt)))
    : null
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        popoverTarget={id}
        aria-label={`Account: ${user.name}`}
      >
        <span aria-hidden="true">●</span> {user.name}
      </button>
      <div id={id} popover="auto" role="dialog" aria-label="Account" className={styles.popover}>
        <div className={styles.account}>
          <span className={styles.accountName}>{user.name}</span>
          <p className={styles.meta}>
            User ID {user.userId}
            {user.roles.length > 0 && ` · ${user.roles.join(', ')}`}
          </p>
          <p className={styles.meta}>
            {expires ? `Session expires ${expires}` : 'Session expiry unknown (pasted token)'}
          </p>
          <div className={styles.accountActions}>
            <Button onClick={onLock} aria-keyshortcuts="Control+Shift+L">
              Lock now
            </Button>
            <Button variant="primary" onClick={onSignOut}>
              Sign out
            </Button>
          </div>
        </div>
      </div>
    </>
  )
}
