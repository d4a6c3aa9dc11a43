import { z } from 'zod'
import { CALENDAR_VIEWS, formatDay, parseDay, type CalendarView } from './calendar-dates'

/** Where events go: by start/end or due date, or by their next reminder. */
export const PLACEMENTS = ['dates', 'reminder'] as const
export type Placement = (typeof PLACEMENTS)[number]

/** `user=*` in the URL: events of anyone. Without `user`, the signed-in user's. */
export const ANYONE = '*'

export interface CalendarFilters {
  /** Assigned user ID; null for anyone. */
  user: string | null
  /** `userGroup_Key`; null for any group. */
  group: number | null
  priority: string | null
  status: string | null
  showCompleted: boolean
}

export interface CalendarSearch extends CalendarFilters {
  view: CalendarView
  /** Local midnight of the day the view shows (any day of the month in the month view). */
  date: Date
  place: Placement
}

const text = z.string().trim().min(1).max(80)

const searchSchema = z.object({
  view: z.enum(CALENDAR_VIEWS).catch('month'),
  date: z.string().optional().catch(undefined),
  place: z.enum(PLACEMENTS).catch('dates'),
  user: text.optional().catch(undefined),
  group: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647))
    .optional()
    .catch(undefined),
  priority: text.optional().catch(undefined),
  status: text.optional().catch(undefined),
  completed: z.enum(['show', 'hide']).catch('show'),
})

export interface SearchDefaults {
  /** The signed-in user's ID: the default assigned user. */
  me: string
  /** Today (local midnight): the default date. */
  today: Date
}

/** Reads the calendar's URL; anything missing or invalid falls back to the default. */
export function parseCalendarSearch(
  params: URLSearchParams,
  defaults: SearchDefaults,
): CalendarSearch {
  const get = (name: string) => params.get(name) ?? undefined
  const raw = searchSchema.parse({
    view: get('view'),
    date: get('date'),
    place: get('place'),
    user: get('user'),
    group: get('group'),
    priority: get('priority'),
    status: get('status'),
    completed: get('completed'),
  })
  return {
    view: raw.view,
    date: parseDay(raw.date) ?? defaults.today,
    place: raw.place,
    user: raw.user === undefined ? defaults.me : raw.user === ANYONE ? null : raw.user,
    group: raw.group ?? null,
    priority: raw.priority ?? null,
    status: raw.status ?? null,
    showCompleted: raw.completed === 'show',
  }
}

/** The URL of a calendar state; defaults are left out, so the plain page URL stays short. */
export function calendarSearchParams(
  search: CalendarSearch,
  defaults: SearchDefaults,
): URLSearchParams {
  const params = new URLSearchParams()
  if (search.view !== 'month') params.set('view', search.view)
  const day = formatDay(search.date)
  if (day !== formatDay(defaults.today)) params.set('date', day)
  if (search.place !== 'dates') params.set('place', search.place)
  if (search.user === null) params.set('user', ANYONE)
  else if (search.user !== defaults.me) params.set('user', search.user)
  if (search.group !== null) params.set('group', String(search.group))
  if (search.priority) params.set('priority', search.priority)
  if (search.status) params.set('status', search.status)
  if (!search.showCompleted) params.set('completed', 'hide')
  return params
}
