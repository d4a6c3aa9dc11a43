import type { EventFilter } from '../../model/filter'

/*
 * The list's filters, one descriptor each: the URL parameters it owns, how it reads and writes
 * them, whether it is set, and the conditions it adds to the model's `EventFilter` (what a
 * filter means is the model's: a descriptor only translates). `ListFilter`, `EMPTY_FILTER`, the
 * URL and the count of filters set are all made from `LIST_FILTERS`, so a new filter is its
 * field in the model, its descriptor here and its control in the filter bar (`FilterBar`), and
 * the compiler asks for each.
 *
 * The free text is not here: it may be a member's name or claim number, so it stays in memory
 * (the history entry's state), never in the address, server logs or saved views.
 */

/** Who is asking: "created by me" and "one of my groups" mean them. */
export interface FilterUser {
  userId: string
  /** The token's groups; null when it names none (that filter is then not offered). */
  groups?: readonly number[] | null | undefined
}

/** Who is asking, and the conditions of the filters before this one. */
interface Asked {
  user?: FilterUser | undefined
  index: EventFilter
}

export interface ListFilterDescriptor<Part extends object> {
  /** The URL parameters it reads and writes (a saved view keeps these, and only these). */
  keys: readonly string[]
  /** A value that sets it, for the tests (and as a reader's example). */
  example: Part
  /** Anything unknown or malformed is left out, never thrown: a URL is typed by anyone. */
  parse(params: URLSearchParams): Part
  /** Writes only what is set, so the plain `/events` stays short. */
  write(part: Part, params: URLSearchParams): void
  /** Whether it narrows the list (the filter bar's count). */
  active(part: Part): boolean
  /** Its conditions, given who is asking and the conditions of the filters before it. */
  toIndex(part: Part, asked: Asked): EventFilter
}

export const defineFilter = <Part extends object>(d: ListFilterDescriptor<Part>) => d

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: string | null) => (value && DAY.test(value) ? value : '')
/** The value if it is one of `allowed`, else '' (the filter is not set). */
const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  allowed.includes(value as T) ? (value as T) : ''
const MAX_VALUES = 50
const MAX_VALUE_LENGTH = 100

/** `a,b` -> ['a','b']: trimmed, no empties or repeats, bounded (a URL is typed by anyone). */
function list(value: string | null): string[] {
  if (!value) return []
  const seen = new Set<string>()
  for (const part of value.split(',')) {
    const v = part.trim().slice(0, MAX_VALUE_LENGTH)
    if (v) seen.add(v)
    if (seen.size >= MAX_VALUES) break
  }
  return [...seen]
}

const setList = (params: URLSearchParams, key: string, values: readonly (string | number)[]) => {
  if (values.length) params.set(key, values.join(','))
}

/** A filter keeping the events whose field holds one of the chosen values. */
function chosen<K extends 'status' | 'priority' | 'type' | 'user'>(key: K, example: string) {
  return defineFilter<Record<K, string[]>>({
    keys: [key],
    example: { [key]: [example] } as Record<K, string[]>,
    parse: (params) => ({ [key]: list(params.get(key)) }) as Record<K, string[]>,
    write: (part, params) => setList(params, key, part[key]),
    active: (part) => part[key].length > 0,
    toIndex: (part) => ({ [key]: part[key] }),
  })
}

/** A filter that is on or off: on is `key=value` in the URL. */
function flag<F extends string>(
  key: string,
  value: string,
  field: F,
  toIndex: (on: boolean, asked: Asked) => EventFilter,
) {
  return defineFilter<Record<F, boolean>>({
    keys: [key],
    example: { [field]: true } as Record<F, boolean>,
    parse: (params) => ({ [field]: params.get(key) === value }) as Record<F, boolean>,
    write: (part, params) => {
      if (part[field]) params.set(key, value)
    },
    active: (part) => part[field],
    toIndex: (part, asked) => toIndex(part[field], asked),
  })
}

/** A filter that is one of a few choices, or '' (not set). */
function choice<F extends string, T extends string>(
  key: F,
  allowed: readonly T[],
  toIndex: (chosen: T | '', asked: Asked) => EventFilter,
) {
  return defineFilter<Record<F, T | ''>>({
    keys: [key],
    example: { [key]: allowed[0] } as Record<F, T>,
    parse: (params) => ({ [key]: oneOf(allowed, params.get(key)) }) as Record<F, T | ''>,
    write: (part, params) => {
      if (part[key]) params.set(key, part[key])
    },
    active: (part) => part[key] !== '',
    toIndex: (part, asked) => toIndex(part[key], asked),
  })
}

/** The filters that can leave their chosen values out ("not"). */
export const EXCLUDABLE = ['status', 'priority', 'type'] as const
export type Excludable = (typeof EXCLUDABLE)[number]

const DUE = ['overdue', 'snoozed', 'today', 'week', 'range'] as const
const COMPLETED = ['open', 'done'] as const
const ASSIGNEE = ['unassigned', 'my-groups'] as const

/**
 * Every filter of the list, in the order the URL writes them (that order is the URL format:
 * bookmarks and saved views hold it).
 */
export const LIST_FILTERS = {
  status: chosen('status', 'Open'),
  priority: chosen('priority', 'URGENT'),
  type: chosen('type', 'TASK'),
  user: chosen('user', 'staff'),
  group: defineFilter<{ group: number[] }>({
    keys: ['group'],
    example: { group: [5] },
    parse: (params) => ({
      group: list(params.get('group'))
        .map(Number)
        .filter((n) => Number.isSafeInteger(n)),
    }),
    write: ({ group }, params) => setList(params, 'group', group),
    active: ({ group }) => group.length > 0,
    toIndex: ({ group }) => ({ group }),
  }),
  due: defineFilter<{
    due: (typeof DUE)[number] | ''
    /** The range's first and last day (`YYYY-MM-DD`), when `due` is `range`. */
    from: string
    to: string
  }>({
    keys: ['due', 'from', 'to'],
    example: { due: 'range', from: '2026-11-01', to: '2026-11-30' },
    parse: (params) => ({
      due: oneOf(DUE, params.get('due')),
      from: day(params.get('from')),
      to: day(params.get('to')),
    }),
    write: ({ due, from, to }, params) => {
      if (due) params.set('due', due)
      if (due === 'range' && from) params.set('from', from)
      if (due === 'range' && to) params.set('to', to)
    },
    active: ({ due }) => due !== '',
    toIndex: ({ due, from, to }) => ({
      due:
        due === 'range'
          ? {
              ...(from ? { from: `${from}T00:00:00` } : {}),
              ...(to ? { to: `${to}T23:59:59.999` } : {}),
            }
          : due || undefined,
    }),
  }),
  reminder: flag('reminder', 'due', 'reminderDue', (on) => ({ reminderDue: on || undefined })),
  /** Not completed ('open') or completed ('done'). */
  completed: choice('completed', COMPLETED, (completed) => ({
    completed: completed === '' ? undefined : completed === 'done',
  })),
  /**
   * Of status, priority and type, those whose chosen values are left out rather than kept. It
   * changes what those filters mean, so it is written after them and only where they wrote
   * values, and it counts with them, never alone.
   */
  not: defineFilter<{ exclude: Excludable[] }>({
    keys: ['not'],
    example: { exclude: ['status'] },
    parse: (params) => ({ exclude: EXCLUDABLE.filter((f) => list(params.get('not')).includes(f)) }),
    write: ({ exclude }, params) =>
      setList(
        params,
        'not',
        EXCLUDABLE.filter((f) => exclude.includes(f) && params.has(f)),
      ),
    active: () => false,
    toIndex: ({ exclude }, { index }) => {
      const left = (f: Excludable) => (exclude.includes(f) ? (index[f] ?? []) : [])
      const not = { status: left('status'), priority: left('priority'), type: left('type') }
      if (!Object.values(not).some((v) => v.length)) return {}
      const kept = (f: Excludable) => (exclude.includes(f) ? [] : index[f])
      return { status: kept('status'), priority: kept('priority'), type: kept('type'), not }
    },
  }),
  /** To no user ('unassigned'), or to one of the signed-in user's groups ('my-groups'). */
  assignee: choice('assignee', ASSIGNEE, (assignee, { user }) => ({
    unassigned: assignee === 'unassigned' || undefined,
    inGroups: assignee === 'my-groups' && user?.groups ? user.groups : undefined,
  })),
  /** Entered by the signed-in user (`entry_User`). */
  created: flag('created', 'me', 'createdByMe', (on, { user }) => ({
    enteredBy: on && user ? [user.userId] : undefined,
  })),
  updated: defineFilter<{
    /** Saved on or after this day (`YYYY-MM-DD`), or ''. */
    updatedSince: string
  }>({
    keys: ['updated'],
    example: { updatedSince: '2026-11-01' },
    parse: (params) => ({ updatedSince: day(params.get('updated')) }),
    write: ({ updatedSince }, params) => {
      if (updatedSince) params.set('updated', updatedSince)
    },
    active: ({ updatedSince }) => updatedSince !== '',
    toIndex: ({ updatedSince }) => ({
      updatedSince: updatedSince ? `${updatedSince}T00:00:00` : undefined,
    }),
  }),
}

export type ListFilterName = keyof typeof LIST_FILTERS

type PartOf<D> = D extends ListFilterDescriptor<infer Part> ? Part : never
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never

/** The list's filters as the URL holds them (and saved views keep them): every descriptor's part. */
export type ListFilter = {
  [K in keyof Intersection<PartOf<(typeof LIST_FILTERS)[ListFilterName]>>]: Intersection<
    PartOf<(typeof LIST_FILTERS)[ListFilterName]>
  >[K]
}

// Each is handed the whole filter and reads only its own part.
const descriptors: readonly ListFilterDescriptor<object>[] = Object.values(LIST_FILTERS)

/** Reads the filters from the URL; anything unknown or malformed is left out, never thrown. */
export const parseListFilter = (params: URLSearchParams) =>
  Object.assign({}, ...descriptors.map((d) => d.parse(params))) as ListFilter

export const EMPTY_FILTER: ListFilter = parseListFilter(new URLSearchParams())

/** Writes the filters into URL parameters (only those set). */
export function writeListFilter(params: URLSearchParams, filter: ListFilter) {
  for (const d of descriptors) d.write(filter, params)
}

/** Every URL parameter of the filters. */
export const FILTER_PARAMS = descriptors.flatMap((d) => d.keys)

/** How many filters are set (a range counts once). */
export const activeFilterCount = (filter: ListFilter) =>
  descriptors.filter((d) => d.active(filter)).length

/**
 * The filter as this user may use it: "one of my groups" is dropped when their token names no
 * groups (the filter is not offered then, so an address or a saved view holding it shows all).
 */
export function usableFilter(filter: ListFilter, user: FilterUser): ListFilter {
  return filter.assignee === 'my-groups' && !user.groups?.length
    ? { ...filter, assignee: '' }
    : filter
}

/** The index's filter for the list's filters, the free text and who is asking. */
export function toIndexFilter(filter: ListFilter, text: string, user?: FilterUser): EventFilter {
  const index: EventFilter = {}
  for (const d of descriptors) Object.assign(index, d.toIndex(filter, { user, index }))
  index.text = text.trim() || undefined
  return index
}
