import { useRouteError } from 'react-router-dom'
import { ErrorPanel } from '@/components/errors/error-panel'

/** The error boundary of each route: what failed, the activity ID, and a retry. */
export function RouteError() {
  const error = useRouteError()
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <ErrorPanel error={error} onRetry={() => window.location.reload()} />
    </div>
  )
}
