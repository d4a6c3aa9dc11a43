import { useNavigate, useSearchParams } from 'react-router-dom'
import { SignInPage } from '@/features/session/sign-in-page'
import { safeNext } from '../paths'

export function Component() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return <SignInPage onSignedIn={() => navigate(safeNext(params.get('next')), { replace: true })} />
}
