import { AuthCreatePage } from '@/features/auths/form/auth-create-page'
import { RequiresRole } from '../layout/requires-role'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'New auth' }

export function Component() {
  return (
    <RequiresRole permission="changeAuths" title="New auth">
      <AuthCreatePage />
    </RequiresRole>
  )
}
