import type { LoaderFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { addDays } from '@/features/events/calendar/calendar-dates'
import { CalendarPage, loadFullCalendar } from '@/features/events/calendar/calendar-page'
import { viewRangeOfUrl } from '@/features/events/calendar/view-range'
import { readRangeAhead } from '@/features/events/index/index-registry'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader({ request }: LoaderFunctionArgs) {
  void loadFullCalendar()
  const db = currentDatabase()
  if (!db) return null
  // The events come from the event index (started with the session): the view's range is read
  // from now, before the page renders (first of all when the index starts with this page). The
  // page never waits here.
  readRangeAhead(db, viewRangeOfUrl(new URL(request.url).searchParams, addDays(new Date(), 0)))
  void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

export { onlyOnNewPath as shouldRevalidate } from './revalidate'

/** FullCalendar, loaded ahead with the page's module when the console warms its pages. */
export const warm = loadFullCalendar

export function Component() {
  return <CalendarPage />
}
