import { AuthCreatePage } from '@/features/auths/form/auth-create-page'
import { RequiresRole } from '../layout/requires-role'

export function Component() {
  return (
    <RequiresRole permission="changeAuths" title="New auth">
      <AuthCreatePage />
    </RequiresRole>
  )
}
