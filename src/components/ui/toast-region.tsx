import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components'
import { toastQueue } from './toast'
import styles from './toast.module.css'

/** Renders the queue; place once at the root of the signed-in app. */
export default function AppToastRegion() {
  return (
    <ToastRegion queue={toastQueue} className={styles.region}>
      {({ toast: item }) => (
        <Toast toast={item} className={`${styles.toast} ${styles[item.content.tone] ?? ''}`}>
          <ToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {item.content.title}
            </Text>
            {item.content.description && (
              <Text slot="description" className={styles.description}>
                {item.content.description}
              </Text>
            )}
          </ToastContent>
          <div className={styles.actions}>
            {item.content.action && (
              <Button
                className={styles.action}
                onPress={() => {
                  item.content.action?.onAction()
                  toastQueue.close(item.key)
                }}
              >
                {item.content.action.label}
              </Button>
            )}
            <Button slot="close" className={styles.close} aria-label="Dismiss">
              ✕
            </Button>
          </div>
        </Toast>
      )}
    </ToastRegion>
  )
}
