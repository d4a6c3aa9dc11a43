import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { formatDisplayDateTime, formatServiceDate } from '@/api/dates'
import { Button } from '@/components/ui/button'
import { useCurrentUser } from '@/lib/app-context'
import styles from './header-controls.module.css'

/** Who is signed in, when the session expires, and Sign out. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const user = useCurrentUser()
  const expires = user.expiresAt
    ? formatDisplayDateTime(formatServiceDate(new Date(user.expiresAt)))
    : null
  return (
    <DialogTrigger>
      <AriaButton className={styles.trigger} aria-label={`Account: ${user.name}`}>
        <span aria-hidden="true">●</span> {user.name}
      </AriaButton>
      <Popover placement="bottom end" className={styles.popover}>
        <Dialog className={styles.account} aria-label="Account">
          <span className={styles.accountName}>{user.name}</span>
          <p className={styles.meta}>
            User ID {user.userId}
            {user.roles.length > 0 && ` · ${user.roles.join(', ')}`}
          </p>
          <p className={styles.meta}>
            {expires ? `Session expires ${expires}` : 'Session expiry unknown (pasted token)'}
          </p>
          <Button variant="primary" onClick={onSignOut}>
            Sign out
          </Button>
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
