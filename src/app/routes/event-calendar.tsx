import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { CalendarPage, loadFullCalendar } from '@/features/events/calendar/calendar-page'
import { CALENDAR_LOOKAHEAD, calendarQueries } from '@/features/events/calendar/calendar-queries'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'

export function loader() {
  void loadFullCalendar()
  const db = currentDatabase()
  if (!db) return null
  // Start the first pages with the route; the page loads the rest and never waits here.
  for (let page = 1; page <= CALENDAR_LOOKAHEAD; page++)
    void queryClient.prefetchQuery(calendarQueries(api).page(db, page))
  void queryClient.prefetchQuery(lookupQueries(api).list(db, 'priorities'))
  return null
}

/** The calendar's URL holds only its view, date and filters: changing them loads nothing new. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export function Component() {
  return <CalendarPage />
}
