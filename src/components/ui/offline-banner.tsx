import { useSyncExternalStore } from 'react'
import styles from './banner.module.css'

const subscribe = (callback: () => void) => {
  window.addEventListener('online', callback)
  window.addEventListener('offline', callback)
  return () => {
    window.removeEventListener('online', callback)
    window.removeEventListener('offline', callback)
  }
}

/** Says plainly when the browser has no network, so failed saves are not a mystery. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine)
  if (online) return null
  return (
    <div className={styles.banner} role="status">
      You are offline. What you type is kept; saving works again when the connection returns.
    </div>
  )
}
