import type { ScheduleLookups } from '../describe-schedule'
import { useLookup } from '../use-lookup'

/** The five lookup lists schedules are described with; empty lists until they arrive. */
export function useScheduleLookups(): ScheduleLookups {
  return {
    intervals: useLookup('schedule-intervals').data ?? [],
    intervalOptions: useLookup('schedule-interval-options').data ?? [],
    endOptions: useLookup('schedule-interval-end-options').data ?? [],
    daysOfWeek: useLookup('days-of-week').data ?? [],
    monthsOfYear: useLookup('months-of-year').data ?? [],
  }
}
