import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { SignInPage } from '@/features/session/sign-in-page'
import { safeNext } from '@/lib/paths'

export function Component() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const onSignedIn = useCallback(() => navigate(next, { replace: true }), [navigate, next])
  return <SignInPage onSignedIn={onSignedIn} />
}
