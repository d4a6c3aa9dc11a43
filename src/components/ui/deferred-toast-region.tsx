import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toastQueue } from './toast'

// React Aria's toast region (about 20 kB) loads with the first toast, not with every page.
const AppToastRegion = lazy(() => import('./toast-region'))

let wanted = false
const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange)
/** True from the first toast on (the region then stays, as React Aria's would). */
const hasHadToasts = () => (wanted ||= toastQueue.visibleToasts.length > 0)

/** The app's toast region, loaded when the first toast is queued. */
export function DeferredToastRegion() {
  const show = useSyncExternalStore(subscribe, hasHadToasts)
  return show ? (
    <Suspense fallback={null}>
      <AppToastRegion />
    </Suspense>
  ) : null
}
