import { useCallback, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useCurrentUser } from '@/lib/app-context'
import { addDays } from './calendar-dates'
import {
  calendarSearchParams,
  parseCalendarSearch,
  type CalendarSearch,
  type SearchDefaults,
} from './calendar-search'

/**
 * The calendar's state in the URL (view, date, placement, filters): read with the signed-in user
 * and today as defaults; every change is a new history entry, so back and forward work.
 */
export function useCalendarSearch() {
  const [params, setParams] = useSearchParams()
  const { userId } = useCurrentUser()
  const [today] = useState(() => addDays(new Date(), 0))
  const defaults: SearchDefaults = useMemo(() => ({ me: userId, today }), [userId, today])
  const search = useMemo(() => parseCalendarSearch(params, defaults), [params, defaults])
  const update = useCallback(
    (change: Partial<CalendarSearch>) =>
      setParams(calendarSearchParams({ ...search, ...change }, defaults)),
    [search, defaults, setParams],
  )
  return { search, update, defaults }
}
