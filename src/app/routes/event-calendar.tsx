import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { lookupQueries } from '@/api/lookups'
import { CalendarPage, loadFullCalendar } from '@/features/events/calendar/calendar-page'
import { api } from '../app-state'
import { currentDatabase, queryClient } from '../query'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Calendar' }

export function loader() {
  void loadFullCalendar()
  const db = currentDatabase()
  if (!db) return null
  // The events come from the event index (started with the session); the page never waits here.
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
