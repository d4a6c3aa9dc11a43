import { useParams, type LoaderFunctionArgs } from 'react-router'
import { AuthDetailPage } from '@/features/auths/detail/auth-detail-page'
import { authQueries } from '@/features/auths/queries'
import { EventsAboutAuth } from '@/features/events/detail/events-about-auth'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'
import { authTitle } from '../record-titles'

export const handle: TitleHandle = { title: ({ authNumber }) => authTitle('Auth', authNumber) }

export function loader({ params }: LoaderFunctionArgs) {
  const db = currentDatabase()
  const authNumber = params.authNumber
  if (!db || !authNumber) return null
  // Start both requests with the route; the page shows skeletons rather than waiting here.
  void queryClient.prefetchQuery(authQueries(api).detail(db, authNumber))
  void queryClient.prefetchQuery(authQueries(api).vba(db, authNumber))
  return null
}

export function Component() {
  const { authNumber = '' } = useParams()
  return (
    <AuthDetailPage
      key={authNumber}
      authNumber={authNumber}
      // The events that name the auth, and a follow-up event, from the events feature.
      related={({ auth, decisionDue }) => (
        <EventsAboutAuth
          authNumber={auth.auth_Number ?? authNumber}
          assignee={auth.assigned_User ?? null}
          decisionDue={decisionDue}
        />
      )}
    />
  )
}
