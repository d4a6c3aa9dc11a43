import type { EventFilter } from '../../index/event-index'

/**
 * The list's filters as the URL holds them (and saved views keep them). The free text is not
 * here: it may be a member's name or claim number, so it stays in memory (the history entry's
 * state), never in the address, server logs or saved views.
 */
export interface ListFilter {
  status: string[]
  priority: string[]
  type: string[]
  user: string[]
  group: number[]
  due: '' | 'overdue' | 'snoozed' | 'today' | 'week' | 'range'
  /** The range's first and last day (`YYYY-MM-DD`), when `due` is `range`. */
  from: string
  to: string
  reminderDue: boolean
  /** '' any, 'open' not completed, 'done' completed. */
  completed: '' | 'open' | 'done'
  /** Of status, priority and type, those whose chosen values are left out rather than kept. */
  exclude: Excludable[]
  /** '' anyone, 'unassigned' no user, 'my-groups' one of the signed-in user's groups. */
  assignee: '' | 'unassigned' | 'my-groups'
  /** Entered by the signed-in user (`entry_User`). */
  createdByMe: boolean
  /** Saved on or after this day (`YYYY-MM-DD`), or ''. */
  updatedSince: string
}

/** The filters that can leave their chosen values out ("not"). */
export const EXCLUDABLE = ['status', 'priority', 'type'] as const
export type Excludable = (typeof EXCLUDABLE)[number]

/** Who is asking: "created by me" and "one of my groups" mean them. */
export interface FilterUser {
  userId: string
  /** The token's groups; null when it names none (that filter is then not offered). */
  groups?: readonly number[] | null | undefined
}

export const EMPTY_FILTER: ListFilter = {
  status: [],
  priority: [],
  type: [],
  user: [],
  group: [],
  due: '',
  from: '',
  to: '',
  reminderDue: false,
  completed: '',
  exclude: [],
  assignee: '',
  createdByMe: false,
  updatedSince: '',
}

const DUE = ['overdue', 'snoozed', 'today', 'week', 'range'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/
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

/** Reads the filters from the URL; anything unknown or malformed is left out, never thrown. */
export function parseListFilter(params: URLSearchParams): ListFilter {
  const due = params.get('due') ?? ''
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const completed = params.get('completed') ?? ''
  const assignee = params.get('assignee') ?? ''
  const updated = params.get('updated') ?? ''
  return {
    status: list(params.get('status')),
    priority: list(params.get('priority')),
    type: list(params.get('type')),
    user: list(params.get('user')),
    group: list(params.get('group'))
      .map(Number)
      .filter((n) => Number.isSafeInteger(n)),
    due: (DUE as readonly string[]).includes(due) ? (due as ListFilter['due']) : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    reminderDue: params.get('reminder') === 'due',
    completed: completed === 'open' || completed === 'done' ? completed : '',
    exclude: EXCLUDABLE.filter((f) => list(params.get('not')).includes(f)),
    assignee: assignee === 'unassigned' || assignee === 'my-groups' ? assignee : '',
    createdByMe: params.get('created') === 'me',
    updatedSince: DAY.test(updated) ? updated : '',
  }
}

/** Writes the filters into URL parameters (only those set). */
export function writeListFilter(params: URLSearchParams, filter: ListFilter) {
  const set = (key: string, values: readonly (string | number)[]) => {
    if (values.length) params.set(key, values.join(','))
  }
  set('status', filter.status)
  set('priority', filter.priority)
  set('type', filter.type)
  set('user', filter.user)
  set('group', filter.group)
  if (filter.due) params.set('due', filter.due)
  if (filter.due === 'range' && filter.from) params.set('from', filter.from)
  if (filter.due === 'range' && filter.to) params.set('to', filter.to)
  if (filter.reminderDue) params.set('reminder', 'due')
  if (filter.completed) params.set('completed', filter.completed)
  // "Not" only where values are chosen: it changes what they mean.
  set(
    'not',
    EXCLUDABLE.filter((f) => filter.exclude.includes(f) && filter[f].length > 0),
  )
  if (filter.assignee) params.set('assignee', filter.assignee)
  if (filter.createdByMe) params.set('created', 'me')
  if (filter.updatedSince) params.set('updated', filter.updatedSince)
}

export const FILTER_PARAMS = [
  'status',
  'priority',
  'type',
  'user',
  'group',
  'due',
  'from',
  'to',
  'reminder',
  'completed',
  'not',
  'assignee',
  'created',
  'updated',
]

/** How many filters are set (a range counts once). */
export function activeFilterCount(filter: ListFilter): number {
  return (
    [filter.status, filter.priority, filter.type, filter.user, filter.group].filter((l) => l.length)
      .length +
    (filter.due ? 1 : 0) +
    (filter.reminderDue ? 1 : 0) +
    (filter.completed ? 1 : 0) +
    (filter.assignee ? 1 : 0) +
    (filter.createdByMe ? 1 : 0) +
    (filter.updatedSince ? 1 : 0)
  )
}

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
  const kept = (f: Excludable) => (filter.exclude.includes(f) ? [] : filter[f])
  const left = (f: Excludable) => (filter.exclude.includes(f) ? filter[f] : [])
  const not = { status: left('status'), priority: left('priority'), type: left('type') }
  return {
    status: kept('status'),
    priority: kept('priority'),
    type: kept('type'),
    user: filter.user,
    group: filter.group,
    ...(Object.values(not).some((v) => v.length) ? { not } : {}),
    due:
      filter.due === 'range'
        ? {
            ...(filter.from ? { from: `${filter.from}T00:00:00` } : {}),
            ...(filter.to ? { to: `${filter.to}T23:59:59.999` } : {}),
          }
        : filter.due || undefined,
    reminderDue: filter.reminderDue || undefined,
    completed: filter.completed === '' ? undefined : filter.completed === 'done',
    unassigned: filter.assignee === 'unassigned' || undefined,
    inGroups: filter.assignee === 'my-groups' && user?.groups ? user.groups : undefined,
    enteredBy: filter.createdByMe && user ? [user.userId] : undefined,
    updatedSince: filter.updatedSince ? `${filter.updatedSince}T00:00:00` : undefined,
    text: text.trim() || undefined,
  }
}
