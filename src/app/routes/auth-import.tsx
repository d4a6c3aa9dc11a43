import { AuthImportPage } from '@/features/auths/batch/auth-import-page'

export function Component() {
  return <AuthImportPage />
}
