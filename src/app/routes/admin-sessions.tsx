import { SessionsPage } from '@/features/admin/sessions/sessions-page'

// Nothing to load: the page asks the service only when the administrator acts.
export function Component() {
  return <SessionsPage />
}
