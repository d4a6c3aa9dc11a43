import { useMemo } from 'react'
import type { Event } from '@/api/schemas/event'
import { authNumbersIn } from '../model/mentions'
import { useIndexQuery, useIndexState } from './use-event-index'

/** Most events one question about mentions reads from the index. */
const MOST = 5_000

/** The events (from the index) that name `authNumber` in their text, the soonest due first. */
export function useEventsMentioning(authNumber: string) {
  const state = useIndexState()
  const request = useMemo(
    () => ({
      filter: { mentionsAuth: authNumber },
      sort: [{ field: 'due_Date', dir: 'asc' as const }],
      now: 0,
      offset: 0,
      limit: 200,
    }),
    [authNumber],
  )
  const result = useIndexQuery(request)
  return {
    phase: state.phase,
    loaded: state.loaded,
    events: result.data?.rows ?? [],
    total: result.data?.total ?? 0,
    /** The question has an answer: until then nothing is said about what names the auth. */
    answered: result.data !== undefined,
    /** The question failed, and nothing was read before. */
    failed: result.isError && result.data === undefined,
    retry: () => void result.refetch(),
  }
}

/** An open event that names an auth, as Auths in my work shows it. */
export interface AuthMention {
  eventId: number
  event: Event
}

/**
 * The auth numbers open events name, each with those events (soonest due first): all open events,
 * or only those assigned to `userId`. From the index, so nothing is asked of the service.
 */
export function useOpenEventAuthMentions(userId: string | null) {
  const state = useIndexState()
  const request = useMemo(
    () => ({
      filter: {
        completed: false,
        mentionsAuth: true as const,
        ...(userId ? { user: [userId] } : {}),
      },
      sort: [{ field: 'due_Date', dir: 'asc' as const }],
      now: 0,
      offset: 0,
      limit: MOST,
    }),
    [userId],
  )
  const result = useIndexQuery(request)
  const byAuth = useMemo(() => {
    const map = new Map<string, AuthMention[]>()
    for (const event of result.data?.rows ?? [])
      for (const authNumber of authNumbersIn(event)) {
        const list = map.get(authNumber) ?? []
        list.push({ eventId: event.event_ID, event })
        map.set(authNumber, list)
      }
    return map
  }, [result.data])
  return {
    phase: state.phase,
    loaded: state.loaded,
    ready: result.data !== undefined,
    /** The question failed, and nothing was read before. */
    failed: result.isError && result.data === undefined,
    byAuth,
    /** More open events name auths than were read. */
    truncated: (result.data?.total ?? 0) > MOST,
  }
}
