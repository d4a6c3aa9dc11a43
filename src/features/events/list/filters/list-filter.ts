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
]

/** How many filters are set (a range counts once). */
export function activeFilterCount(filter: ListFilter): number {
  return (
    [filter.status, filter.priority, filter.type, filter.user, filter.group].filter((l) => l.length)
      .length +
    (filter.due ? 1 : 0) +
    (filter.reminderDue ? 1 : 0) +
    (filter.completed ? 1 : 0)
  )
}

/** The index's filter for the list's filters and the free text. */
export function toIndexFilter(filter: ListFilter, text: string): EventFilter {
  return {
    status: filter.status,
    priority: filter.priority,
    type: filter.type,
    user: filter.user,
    group: filter.group,
    due:
      filter.due === 'range'
        ? {
            ...(filter.from ? { from: `${filter.from}T00:00:00` } : {}),
            ...(filter.to ? { to: `${filter.to}T23:59:59.999` } : {}),
          }
        : filter.due || undefined,
    reminderDue: filter.reminderDue || undefined,
    completed: filter.completed === '' ? undefined : filter.completed === 'done',
    text: text.trim() || undefined,
  }
}
