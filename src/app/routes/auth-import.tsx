import { AuthLinksProvider } from '@/features/auths/auth-links'
import { AuthImportPage } from '@/features/auths/batch/auth-import-page'
import { paths } from '../paths'

export function Component() {
  return (
    <AuthLinksProvider links={paths.auths}>
      <AuthImportPage />
    </AuthLinksProvider>
  )
}
