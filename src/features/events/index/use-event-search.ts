import { useMemo } from 'react'
import { useIndexQuery, useIndexState } from './use-event-index'

/** Events whose subject holds every word of `text`, or whose ID it is: the newest changed first. */
export function useEventSearch(text: string, limit = 8) {
  const state = useIndexState()
  const trimmed = text.trim()
  const request = useMemo(
    () =>
      trimmed
        ? {
            filter: { text: trimmed },
            sort: [{ field: 'update_Date', dir: 'desc' as const }],
            now: 0,
            offset: 0,
            limit,
          }
        : null,
    [trimmed, limit],
  )
  const result = useIndexQuery(request)
  return {
    ready: state.phase === 'ready',
    loaded: state.loaded,
    rows: trimmed ? (result.data?.rows ?? []) : [],
    total: trimmed ? (result.data?.total ?? 0) : 0,
  }
}
