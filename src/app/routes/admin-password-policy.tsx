import { PasswordPolicyPage } from '@/features/admin/password-policy/password-policy-page'
import { adminQueries } from '@/features/admin/queries'
import { api } from '../app-state'
import { userCan } from '@/lib/app-context'
import { currentDatabase, queryClient, currentRoles } from '../query'
import { RequiresRole } from '../layout/requires-role'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Password policy' }

export function loader() {
  const db = currentDatabase()
  // Only an administrator's page asks for the policy (only they may change it).
  if (!db || !userCan({ roles: currentRoles() }, 'admin')) return null
  // Start the request with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(adminQueries(api).passwordPolicy(db))
  return null
}

export function Component() {
  return (
    <RequiresRole permission="admin" title="Password policy">
      <PasswordPolicyPage />
    </RequiresRole>
  )
}
