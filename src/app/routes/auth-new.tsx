import { AuthCreatePage } from '@/features/auths/form/auth-create-page'

export function Component() {
  return <AuthCreatePage />
}
