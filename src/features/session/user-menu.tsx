import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { describeSession } from './session-summary'
import styles from './header-controls.module.css'

/**
 * Who is signed in, what will happen to the session and when (`describeSession`), Lock now
 * (Ctrl+Shift+L) and Sign out, in the browser's own popover (Escape and a click outside close
 * it; focus returns to the button).
 */
export function UserMenu({ onSignOut, onLock }: { onSignOut: () => void; onLock: () => void }) {
  const user = useCurrentUser()
  const config = useRuntimeConfig()
  const id = useId()
  // "Today" for the times below, taken afresh each time the menu opens.
  const [now, setNow] = useState(() => Date.now())
  const session = describeSession({
    signedInAt: user.signedInAt,
    idleLockMinutes: config.idleLockMinutes,
    limits: config.sessionLimits,
    now,
  })
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
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label="Account"
        className={styles.popover}
        onToggle={(event) => {
          if (event.newState === 'open') setNow(Date.now())
        }}
      >
        <div className={styles.account}>
          <span className={styles.accountName}>{user.name}</span>
          <p className={styles.meta}>
            User ID {user.userId}
            {user.roles.length > 0 && ` · ${user.roles.join(', ')}`}
          </p>
          {session.map((line) => (
            <p key={line} className={styles.meta}>
              {line}
            </p>
          ))}
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
