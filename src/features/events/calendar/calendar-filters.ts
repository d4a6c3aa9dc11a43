import type { Event } from '@/api/schemas/event'
import type { EventFilter } from '../model/filter'
import type { CalendarFilters } from './calendar-search'

/**
 * The calendar's filters as the model's one filter, asked of the index: the worker decides, the
 * page never filters again (values match exactly: the menus offer the values in use).
 */
export function calendarFilter(filters: CalendarFilters): EventFilter {
  return {
    ...(filters.user !== null ? { user: [filters.user] } : {}),
    ...(filters.group !== null ? { group: [filters.group] } : {}),
    ...(filters.priority !== null ? { priority: [filters.priority] } : {}),
    ...(filters.status !== null ? { status: [filters.status] } : {}),
    ...(filters.showCompleted ? {} : { completed: false }),
  }
}

/** How many filters narrow the calendar beyond "mine, everything" (for the reset button). */
export function activeFilterCount(filters: CalendarFilters, me: string): number {
  return [
    filters.user !== me,
    filters.group !== null,
    filters.priority !== null,
    filters.status !== null,
    !filters.showCompleted,
  ].filter(Boolean).length
}

export interface FilterChoices {
  users: string[]
  groups: number[]
  statuses: string[]
}

/**
 * The values seen in the loaded events, sorted, for the filter menus (the service has no user or
 * group list). The current choices are always included, so a URL's value stays selectable.
 */
export function filterChoices(
  events: readonly Event[],
  current: CalendarFilters,
  extra: { users?: string[]; statuses?: string[]; groups?: number[] } = {},
): FilterChoices {
  const users = new Set<string>(extra.users)
  const groups = new Set<number>(extra.groups)
  const statuses = new Set<string>(extra.statuses)
  for (const e of events) {
    if (e.user_ID) users.add(e.user_ID)
    if (e.userGroup_Key != null) groups.add(e.userGroup_Key)
    if (e.status) statuses.add(e.status)
  }
  if (current.user) users.add(current.user)
  if (current.group !== null) groups.add(current.group)
  if (current.status) statuses.add(current.status)
  const byText = (a: string, b: string) => a.localeCompare(b)
  return {
    users: [...users].sort(byText),
    groups: [...groups].sort((a, b) => a - b),
    statuses: [...statuses].sort(byText),
  }
}
