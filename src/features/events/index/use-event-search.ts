import { useMemo } from 'react'
import { useIndexQuery, useIndexState } from './use-event-index'

/**
 * Events whose subject holds every word of `text`, or whose ID it is, best first as the index's
 * worker ranks them (the model's `eventSearchRank`: the exact subject or ID, then every word at a
 * word start, then words inside; the newest changed first within each). `ranks` gives each row's;
 * `settled` is false while the rows on screen answer an earlier text.
 */
export function useEventSearch(text: string, limit = 8) {
  const state = useIndexState()
  const trimmed = text.trim()
  const request = useMemo(
    () =>
      trimmed
        ? {
            filter: { text: trimmed },
            sort: [{ field: 'update_Date', dir: 'desc' as const }],
            rank: 'relevance' as const,
            now: 0,
            offset: 0,
            limit,
          }
        : null,
    [trimmed, limit],
  )
  const result = useIndexQuery(request)
  const ready = state.phase === 'ready'
  return {
    ready,
    loaded: state.loaded,
    rows: trimmed ? (result.data?.rows ?? []) : [],
    ranks: trimmed ? (result.data?.ranks ?? []) : [],
    total: trimmed ? (result.data?.total ?? 0) : 0,
    settled:
      !trimmed ||
      !ready ||
      result.isError ||
      (result.data !== undefined && !result.isPlaceholderData),
  }
}
