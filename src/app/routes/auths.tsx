import { useMemo, useState } from 'react'
import { AuthLookupPage } from '@/features/auths/lookup/auth-lookup-page'
import { AuthsInMyWork, type WorkMentions } from '@/features/auths/work/auths-in-my-work'
import { useOpenEventAuthMentions } from '@/features/events/index/use-auth-mentions'
import { eventTitle } from '@/features/events/model/title'
import { useCurrentUser } from '@/lib/app-context'

export function Component() {
  return <AuthLookupPage work={<Work />} />
}

/** Auths in my work: the auths open events name (from the event index), composed here. */
function Work() {
  const user = useCurrentUser()
  const [everyone, setEveryone] = useState(false)
  const found = useOpenEventAuthMentions(everyone ? null : user.userId)
  const mentions = useMemo<WorkMentions>(
    () => ({
      ready: found.ready,
      loading: found.phase === 'loading' ? found.loaded : null,
      unavailable:
        found.phase === 'too-large'
          ? 'This database has too many events to read into the console, so only the auths you opened recently are listed. '
          : found.phase === 'error' || found.failed
            ? 'The events could not be read, so only the auths you opened recently are listed. '
            : null,
      byAuth: new Map(
        [...found.byAuth].map(([n, list]) => [
          n,
          list.map((m) => ({ eventId: m.eventId, title: eventTitle(m.event) })),
        ]),
      ),
    }),
    [found.ready, found.phase, found.failed, found.loaded, found.byAuth],
  )
  return <AuthsInMyWork mentions={mentions} everyone={everyone} onEveryone={setEveryone} />
}
