import { z } from '@/api/schemas/zod'
import { formatSortBy } from '@/api/events'
import type { ServerView, Sharing, ViewState } from '@/api/views'
import {
  DEFAULT_PAGE_SIZE,
  eventListSearchParams,
  orderColumns,
  parseEventListSearch,
  type EventListSearch,
} from '../list-search'
import { FILTER_PARAMS, writeListFilter } from '../filters/list-filter'

/**
 * Saved views of the events list: a name for a sort, page size, set of columns and filters (never
 * the free text, which may name a member) (and, for the calendar, its filters, kept as an open
 * object). They hold no member data. With the console server they are kept by it (and may be
 * shared); without it, in this browser across sign-outs, one list per database and user.
 */
const savedViewSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  sort: z.catch(z.string(), ''),
  size: z.catch(z.int(), DEFAULT_PAGE_SIZE),
  columns: z.catch(z.array(z.string()), []),
  /** The list's filters as URL parameters (never the free text: see `ListFilter`). */
  filters: z.catch(z.optional(z.string().check(z.maxLength(4000))), undefined),
  /** The calendar's filters, whatever shape the calendar gives them. */
  calendar: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
  savedAt: z.catch(z.string(), ''),
})

export type SavedView = z.infer<typeof savedViewSchema>

export const MAX_VIEW_NAME = 60

/** A view as the list offers it: whose it is and with whom it is shared. */
export interface ListView extends SavedView {
  /** Whether the signed-in user owns it (and alone may change, share or delete it). */
  owned: boolean
  ownerName: string | null
  sharing: Sharing
}

/** A view of this browser's own: the user's, shared with nobody. */
export const localView = (view: SavedView): ListView => ({
  ...view,
  owned: true,
  ownerName: null,
  sharing: { with: 'none' },
})

/** A view the console server keeps, or null when its state is not one the list reads. */
export function serverListView(view: ServerView): ListView | null {
  const state = view.state !== null && typeof view.state === 'object' ? view.state : {}
  const parsed = z.safeParse(savedViewSchema, {
    ...state,
    id: view.id,
    name: view.name,
    savedAt: view.updatedAt,
  })
  if (!parsed.success) return null
  return { ...parsed.data, owned: view.owned, ownerName: view.ownerName, sharing: view.sharing }
}

/** What the server keeps of a view: the list's state, without its name or ID. */
export const viewState = (view: SavedView): ViewState => ({
  sort: view.sort,
  size: view.size,
  columns: view.columns,
  ...(view.filters ? { filters: view.filters } : {}),
  ...(view.calendar ? { calendar: view.calendar } : {}),
})

/** A name for a copy of `name` that none of `views` the user owns has. */
export function copyName(views: readonly ListView[], name: string) {
  const own = views.filter((v) => v.owned)
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`
    const candidate = name.slice(0, MAX_VIEW_NAME - suffix.length) + suffix
    if (!findViewByName(own, candidate)) return candidate
  }
}
export const viewsStorageKey = (database: string, userId: string) =>
  `bac.views.${database}.${userId}`

/** The views kept under a key; a missing, broken or foreign value reads as none, never throws. */
export function parseViews(text: string | null): SavedView[] {
  if (!text) return []
  try {
    const raw: unknown = JSON.parse(text)
    if (!Array.isArray(raw)) return []
    return raw.flatMap((item) => {
      const parsed = z.safeParse(savedViewSchema, item)
      return parsed.success ? [parsed.data] : []
    })
  } catch {
    return []
  }
}

export function readViews(storage: Storage, key: string): SavedView[] {
  try {
    return parseViews(storage.getItem(key))
  } catch {
    return []
  }
}

/** Throws when the browser refuses (storage full or disabled): the caller tells the user. */
export function writeViews(storage: Storage, key: string, views: readonly SavedView[]) {
  if (views.length === 0) storage.removeItem(key)
  else storage.setItem(key, JSON.stringify(views))
}

const filterText = (search: EventListSearch) => {
  const params = new URLSearchParams()
  writeListFilter(params, search.filter)
  return params.toString()
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export const findViewByName = <T extends SavedView>(views: readonly T[], name: string) =>
  views.find((v) => sameName(v.name, name))

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/**
 * The list with the current state saved under `name`: a view of the same name (any case) is
 * replaced in place and keeps its calendar filters; otherwise the view is added at the end.
 */
export function saveView(
  views: readonly SavedView[],
  name: string,
  search: EventListSearch,
  now: Date = new Date(),
): SavedView[] {
  const existing = findViewByName(views, name)
  const view = viewOfSearch(name, search, existing, now)
  return existing ? views.map((v) => (v.id === existing.id ? view : v)) : [...views, view]
}

/** The current state of the list as a view named `name` (replacing `existing`, if any). */
export function viewOfSearch(
  name: string,
  search: EventListSearch,
  existing?: SavedView,
  now: Date = new Date(),
): SavedView {
  return {
    id: existing?.id ?? newId(),
    name: name.trim().slice(0, MAX_VIEW_NAME),
    sort: formatSortBy(search.sort),
    size: search.size,
    columns: orderColumns(search.columns),
    ...(filterText(search) ? { filters: filterText(search) } : {}),
    ...(existing?.calendar ? { calendar: existing.calendar } : {}),
    savedAt: now.toISOString(),
  }
}

export const deleteView = (views: readonly SavedView[], id: string) =>
  views.filter((v) => v.id !== id)

/** The list's state for a view, from its first page; whatever is no longer valid is defaulted. */
export function viewSearch(view: SavedView): EventListSearch {
  const params = new URLSearchParams({ sort: view.sort, size: String(view.size) })
  if (view.columns.length > 0) params.set('cols', view.columns.join(','))
  for (const [key, value] of new URLSearchParams(view.filters ?? ''))
    if (FILTER_PARAMS.includes(key)) params.set(key, value)
  return parseEventListSearch(params)
}

export const viewSearchParams = (view: SavedView) => eventListSearchParams(viewSearch(view))

/** Whether the list shows what the view describes (any page of it). */
export function isCurrentView(view: SavedView, search: EventListSearch): boolean {
  const a = eventListSearchParams({ ...viewSearch(view), page: 1 })
  const b = eventListSearchParams({ ...search, page: 1 })
  return a.toString() === b.toString()
}
