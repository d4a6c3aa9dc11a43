/*
 * Days on the local calendar, for every view and the index's worker: one definition of "start of
 * day" and of a week. Plain functions on Dates and wall-clock milliseconds.
 */

/** Local midnight of the day `days` after the day of `date` (calendar days, so DST-safe). */
export function startOfDay(date: Date, days = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)
}

/** `startOfDay` as milliseconds. */
export const dayStartMs = (date: Date, days = 0) => startOfDay(date, days).getTime()

/**
 * The week holding `date`: its first day (local midnight; `firstDay` 0 is Sunday, 1 Monday, as
 * the display locale has it) and the first day of the next week.
 */
export function weekOf(date: Date, firstDay = 1): { start: Date; end: Date } {
  const back = (date.getDay() - firstDay + 7) % 7
  const start = startOfDay(date, -back)
  return { start, end: startOfDay(start, 7) }
}

/** Whether two dates fall on the same local day. */
export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate()
