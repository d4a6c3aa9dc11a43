import { z } from '@/api/schemas/zod'
import { formatSortBy } from '@/api/events'
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
 * the free text, which may name a member) (and, for the
 * calendar, its filters, kept as an open object). They hold no member data, so they stay in this
 * browser across sign-outs, one list per database and user.
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

export const findViewByName = (views: readonly SavedView[], name: string) =>
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
  const view: SavedView = {
    id: existing?.id ?? newId(),
    name: name.trim().slice(0, MAX_VIEW_NAME),
    sort: formatSortBy(search.sort),
    size: search.size,
    columns: orderColumns(search.columns),
    ...(filterText(search) ? { filters: filterText(search) } : {}),
    ...(existing?.calendar ? { calendar: existing.calendar } : {}),
    savedAt: now.toISOString(),
  }
  return existing ? views.map((v) => (v.id === existing.id ? view : v)) : [...views, view]
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
