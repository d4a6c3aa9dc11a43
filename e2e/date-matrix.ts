/**
 * The days the date-dependent end-to-end tests (tagged `@dates`) also run on, each in both time
 * zones of the matrix (a clock change's day in the zone that has it): the sandbox starts on that day (`SANDBOX_TODAY`) in that zone (`TZ`), and
 * the browser's clock and zone are set to match. Times are local to the zone.
 */
export const DATE_MATRIX = [
  // November 2026: a Monday-first month of six rows.
  { name: 'six-week month', today: '2026-11-16T10:30' },
  // The last day of a 30-day month: "tomorrow" is in another month.
  { name: 'last day of a month', today: '2027-04-30T10:30' },
  { name: '29 February', today: '2028-02-29T10:30' },
  // The week and the month views cross into the next year.
  { name: '31 December', today: '2026-12-31T15:30' },
  // Clocks go forward (New York, a Sunday): the day has 23 hours. In a zone without clock
  // changes it is a Sunday like any other, so it runs in New York alone.
  { name: 'spring clock change', today: '2027-03-14T10:30', zone: 'America/New_York' },
  // Clocks go back (New York, a Sunday): the day has 25 hours.
  { name: 'autumn clock change', today: '2027-11-07T10:30', zone: 'America/New_York' },
] as const

/** The days of the matrix that run in `zone`. */
export const matrixDays = (zone: string) =>
  DATE_MATRIX.filter((day) => !('zone' in day) || day.zone === zone)

export const MATRIX_ZONES = ['America/New_York', 'UTC'] as const
