import { z } from '@/api/schemas/zod'
import { formatSortBy, parseSortBy, type SortField } from '@/api/events'
import { eventFields, type EventField } from '@/api/schemas/event'
import { COMPLETED_SORT } from '../index/protocol'
import { parseListFilter, writeListFilter, type ListFilter } from './filters/list-filter'

export const PAGE_SIZES = [25, 50, 100, 500] as const
export const DEFAULT_PAGE_SIZE = 25
/**
 * What is most pressing first: open events before completed ones, then by due date, soonest
 * first, so the overdue lead (the oldest first) and the events due next follow; events with no
 * due date come after the dated ones. (It was `due_Date:desc`, which opened on the furthest due
 * date, months ahead.)
 */
export const DEFAULT_SORT = `${COMPLETED_SORT}:asc,due_Date:asc`

/**
 * The columns shown until the user chooses others (Event field names): what triage needs, and
 * few enough to fit a 1440 px window without scrolling sideways (Completion is a click away).
 */
export const DEFAULT_COLUMNS: readonly EventField[] = [
  'subject',
  'event_Type',
  'priority',
  'status',
  'user_ID',
  'due_Date',
  'next_Scheduled_Date',
]

/** Always shown: it names the row (and its selection checkbox). */
export const REQUIRED_COLUMN: EventField = 'subject'

// zod/mini, as the contract: the list's first load carries no second zod API.
const searchSchema = z.object({
  page: z.catch(
    z.coerce.number().check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000)),
    1,
  ),
  size: z.catch(
    z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n))),
    DEFAULT_PAGE_SIZE,
  ),
  sort: z.catch(z.string(), DEFAULT_SORT),
  cols: z.catch(z.optional(z.string()), undefined),
})

export interface EventListSearch {
  page: number
  size: number
  sort: SortField[]
  /** Visible columns, in the order of `eventFields` after the defaults (see `orderColumns`). */
  columns: EventField[]
  /** Which events (applied by the event index once it is ready). */
  filter: ListFilter
}

export const isEventField = (name: string): name is EventField =>
  (eventFields as string[]).includes(name)

/** Display order: the default columns first as listed, then every other field in `eventFields` order. */
const COLUMN_ORDER: readonly EventField[] = [
  ...DEFAULT_COLUMNS,
  ...eventFields.filter((f) => !DEFAULT_COLUMNS.includes(f)),
]

/** Known fields only, no repeats, in display order, the required column always included. */
export function orderColumns(fields: readonly string[]): EventField[] {
  const wanted = new Set<string>([REQUIRED_COLUMN, ...fields])
  return COLUMN_ORDER.filter((f) => wanted.has(f))
}

/** A key the list sorts by: an Event field, or open before completed (`COMPLETED_SORT`). */
export const isSortKey = (name: string) => name === COMPLETED_SORT || isEventField(name)

/** Sort keys on Event fields (and `completed`) only, each once (the first one wins). */
function cleanSort(sort: readonly SortField[]): SortField[] {
  const seen = new Set<string>()
  return sort.filter((s) => isSortKey(s.field) && !seen.has(s.field) && seen.add(s.field))
}

/** Reads page, page size, sort and columns from the URL; anything invalid falls back to the default. */
export function parseEventListSearch(params: URLSearchParams): EventListSearch {
  const raw = z.parse(searchSchema, {
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
    sort: params.get('sort') ?? undefined,
    cols: params.get('cols') ?? undefined,
  })
  const sort = cleanSort(parseSortBy(raw.sort))
  const columns = raw.cols === undefined ? [...DEFAULT_COLUMNS] : orderColumns(raw.cols.split(','))
  return {
    page: raw.page,
    size: raw.size,
    sort: sort.length ? sort : parseSortBy(DEFAULT_SORT),
    columns,
    filter: parseListFilter(params),
  }
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((f, i) => f === b[i])

/** The URL of a list state; defaults are left out so the plain `/events` stays short. */
export function eventListSearchParams(search: EventListSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.page !== 1) params.set('page', String(search.page))
  if (search.size !== DEFAULT_PAGE_SIZE) params.set('size', String(search.size))
  const sort = formatSortBy(search.sort)
  if (sort !== DEFAULT_SORT) params.set('sort', sort)
  const columns = orderColumns(search.columns)
  if (!sameColumns(columns, DEFAULT_COLUMNS)) params.set('cols', columns.join(','))
  writeListFilter(params, search.filter)
  return params
}

/** `?sort=due_Date:desc,subject:asc`: commas and colons left readable (both are valid there). */
export const readableSearch = (params: URLSearchParams) => {
  const text = params.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':')
  return text ? `?${text}` : ''
}

/**
 * The service's order for a sort, until the index answers: the service knows only fields, so
 * open-before-completed is asked as the completion date (empty first ascending, as SQL sorts
 * nulls), close to it (an event completed by its status alone is placed as open).
 */
function serviceSort(sort: readonly SortField[]): SortField[] {
  const fields = sort.map((s) =>
    s.field === COMPLETED_SORT ? { field: 'completion_Date', direction: s.direction } : s,
  )
  return cleanSort(fields)
}

/** The list request for a URL state. */
export const toListParams = (search: EventListSearch) => ({
  page: search.page,
  pageSize: search.size,
  sortBy: formatSortBy(serviceSort(search.sort)),
})

/**
 * Identifies which events a state shows, whatever the page, size or sort: a selection holds
 * event IDs and lasts while this stays the same (paging and sorting keep it; another filter or
 * search starts afresh).
 */
export const matchIdentity = (search: EventListSearch, text = '') => {
  const filters = new URLSearchParams()
  writeListFilter(filters, search.filter)
  return `${filters.toString()}|${text.trim()}`
}

/** Click: sort by this column (toggling direction); with Shift: add or toggle it as a later key. */
export function toggleSort(sort: SortField[], field: string, additive: boolean): SortField[] {
  const existing = sort.find((s) => s.field === field)
  const flipped: SortField = { field, direction: existing?.direction === 'asc' ? 'desc' : 'asc' }
  if (!additive) return [flipped]
  return existing ? sort.map((s) => (s.field === field ? flipped : s)) : [...sort, flipped]
}
