import { AuthRegisterPage } from '@/features/auths/register/auth-register-page'

export function Component() {
  return <AuthRegisterPage />
}
