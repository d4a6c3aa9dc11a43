import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useDatabase } from '@/api/api-context'
import { useIndexClient } from './event-index-provider'
import { indexKeys, useIndexQuery, useIndexState } from './use-event-index'

/**
 * Events whose subject holds every word of `text`, or whose ID it is, best first as the index's
 * worker ranks them (the model's `eventSearchRank`: the exact subject or ID, then every word at a
 * word start, then words inside; the newest changed first within each). `ranks` gives each row's;
 * `settled` is false while the rows on screen answer an earlier text.
 */
export function useEventSearch(text: string, limit = 8) {
  const state = useIndexState()
  const client = useIndexClient()
  const db = useDatabase()
  const trimmed = text.trim()
  const tooLarge = state.phase === 'too-large'
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
  const result = useIndexQuery(tooLarge ? null : request)
  const recent = useQuery({
    queryKey: [...indexKeys.all(db), 'recent-search', trimmed, limit],
    queryFn: () => client!.searchRecent(trimmed, limit),
    enabled: Boolean(client && tooLarge && trimmed),
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  })
  const answer = tooLarge ? recent.data : result.data
  const ready = state.phase === 'ready'
  return {
    ready,
    loaded: state.loaded,
    /** The database is too large to index: only the most recently changed events are searched. */
    tooLarge: tooLarge ? { limit: state.limit, scanned: recent.data?.scanned ?? null } : null,
    rows: trimmed ? (answer?.rows ?? []) : [],
    total: trimmed ? (answer?.total ?? 0) : 0,
    ranks: trimmed && !tooLarge ? (result.data?.ranks ?? []) : [],
    /** The search failed (nothing found is not what it says): why, or null. */
    failure: trimmed ? failureOf(tooLarge ? recent : result) : null,
    settled:
      !trimmed ||
      tooLarge ||
      !ready ||
      result.isError ||
      (result.data !== undefined && !result.isPlaceholderData),
  }
}

/** A question's error when it failed with nothing read before. */
function failureOf(query: { isError: boolean; error: Error | null; data?: unknown }) {
  return query.isError && query.data === undefined ? query.error : null
}
