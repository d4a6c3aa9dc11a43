import { AuthLinksProvider } from '@/features/auths/auth-links'
import { AuthCreatePage } from '@/features/auths/form/auth-create-page'
import { paths } from '../paths'

export function Component() {
  return (
    <AuthLinksProvider links={paths.auths}>
      <AuthCreatePage />
    </AuthLinksProvider>
  )
}
