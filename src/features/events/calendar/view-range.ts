import type { RangeRequest } from '../index/protocol'
import { visibleRange, type CalendarView } from './calendar-dates'
import { parseCalendarSearch, type Placement } from './calendar-search'

const pad = (n: number) => String(n).padStart(2, '0')

/** A local date as the index's wall-clock text (`2026-11-24T00:00:00`). */
export const wallClock = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`

/** The range a view shows, as the index is asked for it. */
export function viewRange(view: CalendarView, date: Date, place: Placement): RangeRequest {
  const { start, end } = visibleRange(view, date)
  return {
    from: wallClock(start),
    to: wallClock(end),
    by: place === 'reminder' ? 'reminder' : 'dates',
  }
}

/** The range of the calendar at this address (its view, date and placement; today by default). */
export function viewRangeOfUrl(params: URLSearchParams, today: Date): RangeRequest {
  const search = parseCalendarSearch(params, { me: '', today })
  return viewRange(search.view, search.date, search.place)
}
