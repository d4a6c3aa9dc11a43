import { useCallback, useSyncExternalStore } from 'react'
import { useDatabase } from '@/api/api-context'
import { useCurrentUser } from '@/lib/app-context'
import { parseViews, viewsStorageKey, writeViews, type SavedView } from './saved-views'

const listeners = new Set<() => void>()
const cache = new Map<string, { text: string | null; views: SavedView[] }>()
const NONE: SavedView[] = []

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab saving a view updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('bac.views.')) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The views under a key, the same array while the stored text is unchanged. */
function snapshot(key: string): SavedView[] {
  let text: string | null = null
  try {
    text = localStorage.getItem(key)
  } catch {
    return NONE
  }
  const cached = cache.get(key)
  if (cached && cached.text === text) return cached.views
  const views = parseViews(text)
  cache.set(key, { text, views })
  return views
}

/** The signed-in user's saved views in this database, and a way to change them. */
export function useSavedViews() {
  const database = useDatabase()
  const { userId } = useCurrentUser()
  const key = viewsStorageKey(database, userId)
  const views = useSyncExternalStore(
    subscribe,
    () => snapshot(key),
    () => NONE,
  )
  /** Throws when the browser refuses to store them. */
  const update = useCallback(
    (change: (views: SavedView[]) => SavedView[]) => {
      writeViews(localStorage, key, change(snapshot(key)))
      for (const listener of listeners) listener()
    },
    [key],
  )
  return { views, update }
}
