import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components'
import styles from './toast.module.css'

export interface ToastContentValue {
  title: string
  description?: string | undefined
  tone: 'success' | 'error' | 'info'
  /** One action, e.g. Undo. */
  action?: { label: string; onAction: () => void } | undefined
}

/** The app's one toast queue: results of writes, background failures, Undo offers. */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 4 })

type ToastOptions = Omit<ToastContentValue, 'title' | 'tone'> & { timeout?: number }

const add = (tone: ToastContentValue['tone'], title: string, options: ToastOptions = {}) => {
  const { timeout, ...rest } = options
  return toastQueue.add(
    { title, tone, ...rest },
    { timeout: timeout ?? (tone === 'error' ? undefined : rest.action ? 8000 : 5000) },
  )
}

export const toast = {
  success: (title: string, options?: ToastOptions) => add('success', title, options),
  error: (title: string, options?: ToastOptions) => add('error', title, options),
  info: (title: string, options?: ToastOptions) => add('info', title, options),
  close: (key: string) => toastQueue.close(key),
}

/** Renders the queue; place once at the root of the signed-in app. */
export function AppToastRegion() {
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
