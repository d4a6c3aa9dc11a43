import { PasswordPolicyPage } from '@/features/admin/password-policy/password-policy-page'
import { adminQueries } from '@/features/admin/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader() {
  const db = currentDatabase()
  // Only an administrator's page loads (`needs` in the page's declaration).
  if (!db) return null
  // Start the request with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(adminQueries(api).passwordPolicy(db))
  return null
}

export function Component() {
  return <PasswordPolicyPage />
}
