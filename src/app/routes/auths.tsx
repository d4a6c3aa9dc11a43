import { AuthLinksProvider } from '@/features/auths/auth-links'
import { AuthLookupPage } from '@/features/auths/lookup/auth-lookup-page'
import { paths } from '../paths'

export function Component() {
  return (
    <AuthLinksProvider links={paths.auths}>
      <AuthLookupPage />
    </AuthLinksProvider>
  )
}
