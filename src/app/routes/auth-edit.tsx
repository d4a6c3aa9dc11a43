import { useParams, type LoaderFunctionArgs } from 'react-router'
import { RecordPresence } from '@/components/record-presence/record-presence'
import { AuthEditPage } from '@/features/auths/form/auth-edit-page'
import { authQueries } from '@/features/auths/queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'
import { authTitle } from '../record-titles'

export const handle: TitleHandle = {
  title: ({ authNumber }) => authTitle('Edit auth', authNumber),
}

export function loader({ params }: LoaderFunctionArgs) {
  const db = currentDatabase()
  if (!db || !params.authNumber) return null
  // Fetch afresh: the form starts from the auth as it is now.
  void queryClient.prefetchQuery({
    ...authQueries(api).detail(db, params.authNumber),
    staleTime: 0,
  })
  return null
}

export function Component() {
  const { authNumber = '' } = useParams()
  return (
    <>
      {/* Others see this edit, and someone already editing is asked about first. */}
      {authNumber && <RecordPresence key={`p${authNumber}`} kind="auth" id={authNumber} editing />}
      <AuthEditPage key={authNumber} authNumber={authNumber} />
    </>
  )
}
