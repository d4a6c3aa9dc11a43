import { AuthLookupPage } from '@/features/auths/lookup/auth-lookup-page'

export function Component() {
  return <AuthLookupPage />
}
