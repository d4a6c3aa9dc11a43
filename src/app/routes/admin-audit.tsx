import { AuditPage } from '@/features/audit/audit-page'

// The page asks the console server itself: its search is the user's to start.
export function Component() {
  return <AuditPage />
}
