import { AuthImportPage } from '@/features/auths/batch/auth-import-page'
import { RequiresRole } from '../layout/requires-role'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Import auths' }

export function Component() {
  return (
    <RequiresRole permission="changeAuths" title="Import auths">
      <AuthImportPage />
    </RequiresRole>
  )
}
