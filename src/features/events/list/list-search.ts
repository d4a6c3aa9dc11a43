import { z } from 'zod'
import { formatSortBy, parseSortBy, type SortField } from '@/api/events'
import { eventFields, type EventField } from '@/api/schemas/event'

export const PAGE_SIZES = [25, 50, 100, 500] as const
export const DEFAULT_SORT = 'due_Date:desc'

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(25),
  sort: z.string().catch(DEFAULT_SORT),
})

export interface EventListSearch {
  page: number
  size: number
  sort: SortField[]
}

const isEventField = (name: string): name is EventField => (eventFields as string[]).includes(name)

/** Reads page, page size and sort from the URL; anything invalid falls back to the default. */
export function parseEventListSearch(params: URLSearchParams): EventListSearch {
  const raw = searchSchema.parse({
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
    sort: params.get('sort') ?? undefined,
  })
  const sort = parseSortBy(raw.sort).filter((s) => isEventField(s.field))
  return { page: raw.page, size: raw.size, sort: sort.length ? sort : parseSortBy(DEFAULT_SORT) }
}

export function eventListSearchParams(search: EventListSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.page !== 1) params.set('page', String(search.page))
  if (search.size !== 25) params.set('size', String(search.size))
  const sort = formatSortBy(search.sort)
  if (sort !== DEFAULT_SORT) params.set('sort', sort)
  return params
}

/** The list request for a URL state. */
export const toListParams = (search: EventListSearch) => ({
  page: search.page,
  pageSize: search.size,
  sortBy: formatSortBy(search.sort),
})

/** Click: sort by this column (toggling direction); with Shift: add or toggle it as a later key. */
export function toggleSort(sort: SortField[], field: string, additive: boolean): SortField[] {
  const existing = sort.find((s) => s.field === field)
  const flipped: SortField = {
    field,
    direction: existing?.direction === 'asc' ? 'desc' : existing ? 'asc' : 'asc',
  }
  if (!additive) return [flipped]
  return existing ? sort.map((s) => (s.field === field ? flipped : s)) : [...sort, flipped]
}
