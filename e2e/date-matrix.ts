/**
 * The days the date-dependent end-to-end tests (tagged `@dates`) also run on, each in both time
 * zones of the matrix: the sandbox starts on that day (`SANDBOX_TODAY`) in that zone (`TZ`), and
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
  // Clocks go forward (New York, a Sunday): the day has 23 hours.
  { name: 'spring clock change', today: '2027-03-14T10:30' },
  // Clocks go back (New York, a Sunday): the day has 25 hours.
  { name: 'autumn clock change', today: '2027-11-07T10:30' },
] as const

export const MATRIX_ZONES = ['America/New_York', 'UTC'] as const
