import { SessionsPage } from '@/features/admin/sessions/sessions-page'
import { RequiresRole } from '../layout/requires-role'

// Nothing to load: the page asks the service only when the administrator acts.
export function Component() {
  return (
    <RequiresRole permission="admin" title="Sessions">
      <SessionsPage />
    </RequiresRole>
  )
}
