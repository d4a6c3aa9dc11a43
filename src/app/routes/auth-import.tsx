import { AuthImportPage } from '@/features/auths/batch/auth-import-page'
import { RequiresRole } from '../layout/requires-role'

export function Component() {
  return (
    <RequiresRole permission="changeAuths" title="Import auths">
      <AuthImportPage />
    </RequiresRole>
  )
}
