import { SessionsPage } from '@/features/admin/sessions/sessions-page'
import { RequiresRole } from '../layout/requires-role'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Sessions' }

// Nothing to load: the page asks the service only when the administrator acts.
export function Component() {
  return (
    <RequiresRole permission="admin" title="Sessions">
      <SessionsPage />
    </RequiresRole>
  )
}
