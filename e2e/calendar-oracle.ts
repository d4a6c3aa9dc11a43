// What the calendar should show, worked out from the service's own records, apart from the app's
// code (its event model): the oracle the calendar specs check the page against.
import type { Page } from '@playwright/test'
import { callService, expect, sessionToken, type ServiceEvent } from './fixtures'

/** `2026-11-24T10:30:00` as local wall-clock time (the service's canonical form). */
export function local(text: string | null | undefined): Date | null {
  const m = text && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text)
  return m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null
}
export const midnight = (d: Date, days = 0) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + days)
export const dayText = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
export const monday = (d: Date) => midnight(d, -((d.getDay() + 6) % 7))

export type Range = { start: Date; end: Date }

/** What each view shows around today: the month's whole weeks (Monday first), the week, the day. */
export function rangeOf(view: 'month' | 'week' | 'day' | 'agenda', today: Date): Range {
  if (view === 'day') return { start: midnight(today), end: midnight(today, 1) }
  if (view === 'month') {
    const first = new Date(today.getFullYear(), today.getMonth(), 1)
    const last = new Date(today.getFullYear(), today.getMonth() + 1, 0)
    return { start: monday(first), end: midnight(monday(last), 7) }
  }
  return { start: monday(today), end: midnight(monday(today), 7) }
}

/**
 * Where an event goes: a task at its due time; else from start to end when it has both; else at
 * its start date.
 */
export function span(e: ServiceEvent): Range | null {
  const due = local(e.due_Date)
  if (due) return { start: due, end: new Date(due.getTime() + 1) }
  const start = local(e.start_Date)
  const end = local(e.end_Date)
  if (start && end && end > start)
    return dayText(start) === dayText(end)
      ? { start, end }
      : { start: midnight(start), end: midnight(end, 1) }
  return start ? { start, end: new Date(start.getTime() + 1) } : null
}

export const covers = (e: ServiceEvent, range: Range) => {
  const s = span(e)
  return !!s && s.start < range.end && s.end > range.start
}

export const done = (e: ServiceEvent) =>
  !!e.completion_Date || e.status?.toLowerCase() === 'completed'

/** Open, due by now, and its reminder on and ringing later: "remind me later". */
export const snoozed = (e: ServiceEvent, now: Date) => {
  const due = local(e.due_Date)
  const next = local(e.next_Scheduled_Date)
  return !done(e) && e.reminder === true && !!due && due <= now && !!next && next > now
}
export const overdue = (e: ServiceEvent, now: Date) => {
  const due = local(e.due_Date)
  return !done(e) && !!due && due < now && !snoozed(e, now)
}

/** One day's counts as the calendar's summary should say them. */
export function dayCounts(events: ServiceEvent[], day: Date, now: Date, top: string) {
  const oneDay = { start: midnight(day), end: midnight(day, 1) }
  const on = events.filter((e) => covers(e, oneDay))
  const dueThatDay = events.filter((e) => {
    const due = local(e.due_Date)
    return !done(e) && !!due && due >= oneDay.start && due < oneDay.end
  })
  return {
    total: on.length,
    urgent: on.filter((e) => !done(e) && e.priority === top).length,
    overdue: dueThatDay.filter((e) => overdue(e, now)).length,
    due: dueThatDay.filter((e) => !overdue(e, now) && !snoozed(e, now)).length,
    snoozed: dueThatDay.filter((e) => snoozed(e, now)).length,
  }
}

/**
 * A day's events, most pressing first: overdue, then open, then completed; within each the most
 * important priority first (`priorities` lowest first, as the service lists them), then the
 * earliest, then by ID.
 */
export function mostPressing(
  events: ServiceEvent[],
  day: Date,
  now: Date,
  priorities: string[],
): ServiceEvent[] {
  const oneDay = { start: midnight(day), end: midnight(day, 1) }
  const rank = (e: ServiceEvent) => {
    const i = priorities.indexOf(e.priority ?? '')
    return [
      done(e) ? 2 : overdue(e, now) ? 0 : 1,
      i < 0 ? priorities.length : priorities.length - 1 - i,
      span(e)!.start.getTime(),
      e.event_ID,
    ]
  }
  return events
    .filter((e) => covers(e, oneDay))
    .map((e) => ({ e, r: rank(e) }))
    .sort((a, b) => {
      for (let i = 0; i < a.r.length; i++) if (a.r[i] !== b.r[i]) return a.r[i]! - b.r[i]!
      return 0
    })
    .map(({ e }) => e)
}

/** Every event of the service, read as another client would (pages of 1,000). */
export async function serviceEvents(page: Page): Promise<ServiceEvent[]> {
  const token = await sessionToken(page)
  const all: ServiceEvent[] = []
  for (let p = 1; ; p++) {
    const { body } = await callService(page, 'GET', `/events?page=${p}&pageSize=1000`, token)
    const data = body.data as ServiceEvent[]
    all.push(...data)
    if (data.length < 1000) return all
  }
}

export async function serviceEvent(page: Page, id: number): Promise<ServiceEvent> {
  const { body } = await callService(page, 'GET', `/events/${id}`, await sessionToken(page))
  return body.data as ServiceEvent
}

/** The service's priority codes, lowest first. */
export async function servicePriorities(page: Page): Promise<string[]> {
  const { body } = await callService(page, 'GET', '/priorities', await sessionToken(page))
  return (body.data as { option_Key: string }[]).map((p) => String(p.option_Key))
}

export const progress = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /events/ })
    .first()

export async function openCalendar(page: Page, query = '') {
  await page.goto(`/events/calendar${query}`)
  await expect(progress(page)).toHaveText(/All [\d,]+ events loaded/, { timeout: 15_000 })
  // The calendar itself (FullCalendar, loaded beside the events) is drawn too.
  await expect(page.getByText('Loading the calendar…')).toBeHidden({ timeout: 15_000 })
}

/** An event's button in the calendar. */
export const eventButton = (page: Page, id: number) =>
  page.locator('[role="button"]').filter({ has: page.locator(`[data-event-id="${id}"]`) })

/** The day's list beside the calendar (its heading names the day: "Tuesday 24 November"). */
export const dayList = (page: Page, day: Date) =>
  page.getByRole('complementary', {
    name: new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(day),
  })

/** The event IDs a day's list shows, in order (every one: "Show more" until none is left). */
export async function listedIds(page: Page, list = page.getByRole('complementary')) {
  const more = list.getByRole('button', { name: /^Show \d+ more of/ })
  while (await more.isVisible()) await more.click()
  return list
    .locator('[data-list-event-id]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-list-event-id'))))
}
