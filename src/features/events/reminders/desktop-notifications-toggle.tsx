import { toast } from '@/components/ui/toast'
import {
  disableDesktopNotifications,
  enableDesktopNotifications,
  useDesktopNotificationsOn,
} from './desktop-notifications'
import styles from './reminders-panel.module.css'

/** Turns desktop notifications on or off; the browser is asked for permission only on "on". */
export function DesktopNotificationsToggle() {
  const on = useDesktopNotificationsOn()
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => {
          if (!e.target.checked) {
            disableDesktopNotifications()
            return
          }
          void enableDesktopNotifications().then((result) => {
            if (result === 'unsupported')
              toast.info('This browser cannot show desktop notifications')
            else if (result === 'denied')
              toast.info('Desktop notifications are blocked', {
                description: 'Allow notifications for this site in the browser settings.',
              })
            else toast.success('Desktop notifications on for this tab')
          })
        }}
      />
      Desktop notifications
    </label>
  )
}
