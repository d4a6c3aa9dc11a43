import { useRouteError } from 'react-router'
import { ErrorPanel } from '@/components/errors/error-panel'
import styles from './route-error.module.css'

/** The error boundary of each route: what failed, the activity ID, and a retry. */
export function RouteError() {
  const error = useRouteError()
  return (
    <div className={styles.page}>
      <ErrorPanel error={error} onRetry={() => window.location.reload()} />
    </div>
  )
}
