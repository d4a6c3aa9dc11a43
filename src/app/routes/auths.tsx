import { AuthLookupPage } from '@/features/auths/lookup/auth-lookup-page'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Auths' }

export function Component() {
  return <AuthLookupPage />
}
