import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { viewsKey } from '@/api/query-keys'
import {
  createServerView,
  deleteServerView,
  listServerViews,
  updateServerView,
  type Sharing,
} from '@/api/views'
import { ApiError } from '@/api/errors'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import type { EventListSearch } from '../list-search'
import {
  copyName,
  deleteView,
  findViewByName,
  localView,
  parseViews,
  saveView,
  serverListView,
  viewOfSearch,
  viewSearch,
  viewsStorageKey,
  viewState,
  writeViews,
  type ListView,
  type SavedView,
} from './saved-views'

/** The signed-in user's saved views in this database, and what they can do with them. */
export interface SavedViews {
  /** Their own first, then those shared with them. */
  views: ListView[]
  /** Whether views can be shared (they are kept by the console server). */
  canShare: boolean
  /** Saves the list's state under `name`, replacing their own view of that name. */
  save(name: string, search: EventListSearch): Promise<'saved' | 'updated'>
  remove(view: ListView): Promise<void>
  share(view: ListView, sharing: Sharing): Promise<void>
  /** A view of their own with what `view` holds; its name. */
  copy(view: ListView): Promise<string>
}

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

/** The views kept in this browser (without the console server). */
function useLocalViews(key: string) {
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
  return useMemo(() => ({ views, update }), [views, update])
}

const NO_VIEWS: ListView[] = []

/** The signed-in user's saved views: kept by the console server when there is one. */
export function useSavedViews(): SavedViews {
  const database = useDatabase()
  const { userId } = useCurrentUser()
  const { consoleServer } = useRuntimeConfig()
  const key = viewsStorageKey(database, userId)
  const local = useLocalViews(key)
  const api = useApi()
  const server = useMemo(
    () => (consoleServer === undefined ? null : api.at(consoleServer)),
    [api, consoleServer],
  )
  const queryClient = useQueryClient()
  const kept = useQuery({
    queryKey: viewsKey(database),
    queryFn: ({ signal }) => listServerViews(server!, { signal, database }),
    enabled: server !== null,
    throwOnError: false,
    select: (views) => views.flatMap((v) => serverListView(v) ?? []),
  })

  // Views saved in this browser before the server kept them move to the server, once.
  const moving = useRef(false)
  useEffect(() => {
    if (!server || local.views.length === 0 || !kept.isSuccess || moving.current) return
    moving.current = true
    void (async () => {
      for (const view of local.views) {
        await createServerView(
          server,
          { name: view.name, state: viewState(view), sharing: { with: 'none' } },
          { database },
        ).catch((error: unknown) => {
          // One of that name is already there: the server's is kept.
          if (!(error instanceof ApiError && error.status === 409)) throw error
        })
      }
      local.update(() => [])
      await queryClient.invalidateQueries({ queryKey: viewsKey(database) })
    })()
      .catch(() => undefined)
      .finally(() => {
        moving.current = false
      })
  }, [server, local, kept.isSuccess, database, queryClient])

  const localList = useMemo(() => local.views.map(localView), [local.views])
  const views = server ? (kept.data ?? NO_VIEWS) : localList
  const reread = useCallback(
    () => queryClient.invalidateQueries({ queryKey: viewsKey(database) }),
    [queryClient, database],
  )

  return useMemo<SavedViews>(() => {
    if (!server)
      return {
        views,
        canShare: false,
        save: async (name, search) => {
          const replaced = findViewByName(local.views, name)
          local.update((all) => saveView(all, name, search))
          return replaced ? 'updated' : 'saved'
        },
        remove: async (view) => local.update((all) => deleteView(all, view.id)),
        share: () => Promise.reject(new Error('Views are shared through the console server.')),
        copy: async (view) => {
          const name = copyName(views, view.name)
          local.update((all) => [...all, viewOfSearch(name, viewSearch(view))])
          return name
        },
      }
    const options = { database }
    return {
      views,
      canShare: true,
      save: async (name, search) => {
        const replaced = findViewByName(
          views.filter((v) => v.owned),
          name,
        )
        const view = viewOfSearch(name, search, replaced)
        const body = {
          name: view.name,
          state: viewState(view),
          sharing: replaced?.sharing ?? { with: 'none' as const },
        }
        try {
          if (replaced) await updateServerView(server, replaced.id, body, options)
          else await createServerView(server, body, options)
        } finally {
          await reread()
        }
        return replaced ? 'updated' : 'saved'
      },
      remove: async (view) => {
        try {
          await deleteServerView(server, view.id, options).catch((error: unknown) => {
            // Already gone (deleted in another tab): what was asked is done.
            if (!(error instanceof ApiError && error.status === 404)) throw error
          })
        } finally {
          await reread()
        }
      },
      share: async (view, sharing) => {
        try {
          await updateServerView(
            server,
            view.id,
            { name: view.name, state: viewState(view), sharing },
            options,
          )
        } finally {
          await reread()
        }
      },
      copy: async (view) => {
        const name = copyName(views, view.name)
        try {
          await createServerView(
            server,
            { name, state: viewState(view), sharing: { with: 'none' } },
            options,
          )
        } finally {
          await reread()
        }
        return name
      },
    }
  }, [server, views, local, database, reread])
}
