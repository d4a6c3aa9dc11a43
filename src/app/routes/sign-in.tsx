import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { SignInPage } from '@/features/session/sign-in-page'
import { safeNext } from '@/lib/paths'
import { usePageTitle, type TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Sign in' }

export function Component() {
  usePageTitle()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const onSignedIn = useCallback(() => navigate(next, { replace: true }), [navigate, next])
  return <SignInPage onSignedIn={onSignedIn} />
}
