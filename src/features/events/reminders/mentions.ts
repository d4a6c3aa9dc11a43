import { useCallback, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { listMentions, type Note } from '@/api/notes'
import { notesKey } from '@/api/query-keys'
import { useRuntimeConfig } from '@/lib/app-context'

/*
 * The notes that name the signed-in user (`@userId`), from the console server, for the bell: read
 * again at once when the stream says a note changed, and every minute besides. Which have been
 * seen is a note ID kept for this tab (sessionStorage: a number, no member data).
 */

const NO_NOTES: Note[] = []
const seenKey = (db: string) => `bac.mentions.seen.${db}`

function lastSeen(db: string): number {
  try {
    return Number(sessionStorage.getItem(seenKey(db)) ?? 0) || 0
  } catch {
    return 0
  }
}

export function useMentions() {
  const { consoleServer } = useRuntimeConfig()
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(
    () => (consoleServer === undefined ? null : api.at(consoleServer)),
    [api, consoleServer],
  )
  const query = useQuery({
    queryKey: [...notesKey(db), 'mentions'],
    queryFn: ({ signal }) => listMentions(server!, { signal, database: db }),
    enabled: server !== null,
    refetchInterval: 60_000,
    gcTime: 0,
    throwOnError: false,
  })
  // Kept in the bell's own state (read once from the tab's storage): no module holds the bell.
  const [seen, setSeen] = useState(() => lastSeen(db))
  const mentions = query.data ?? NO_NOTES
  const fresh = mentions.filter((n) => n.id > seen).length
  /** Marks every mention shown as seen. */
  const markSeen = useCallback(() => {
    const newest = Math.max(0, ...mentions.map((n) => n.id))
    if (newest <= lastSeen(db)) return
    try {
      sessionStorage.setItem(seenKey(db), String(newest))
    } catch {
      // storage unavailable: they count as new again after a reload
    }
    setSeen(newest)
  }, [mentions, db])
  return { mentions, fresh, markSeen }
}
