// What each day of the calendar holds (issue "A calendar that shows the work"): the day's counts
// checked against the service's own records, its most pressing events drawn, the day's list from
// the keyboard, focus kept on an event moved onto a crowded day, and the calendar of a database
// too large to index.
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  dayCounts,
  dayList,
  dayText,
  listedIds,
  midnight,
  mostPressing,
  openCalendar,
  rangeOf,
  serviceEvent,
  serviceEvents,
  servicePriorities,
  covers,
} from './calendar-oracle'
import { browserIndex, createEvent, expect, serviceText, test } from './fixtures'

/** Each day's summary as the month shows it (its data attributes), by day. */
async function summaries(page: Page) {
  const rows = await page
    .getByRole('region', { name: 'Calendar' })
    .locator('[data-day-summary]')
    .evaluateAll((els) =>
      els.map((el) => ({
        day: el.getAttribute('data-day-summary')!,
        total: Number(el.getAttribute('data-total')),
        urgent: Number(el.getAttribute('data-urgent')),
        overdue: Number(el.getAttribute('data-overdue')),
        due: Number(el.getAttribute('data-due')),
        snoozed: Number(el.getAttribute('data-snoozed')),
      })),
    )
  return new Map(rows.map(({ day, ...counts }) => [day, counts]))
}

/** The calendar says its view is complete (without an index, nothing more to load). */
const viewShown = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^Every event of this view is shown$/ })

/** The events drawn on a day's cell of the month (not its summary or "+N more"). */
const drawnOn = (page: Page, day: Date) =>
  page
    .locator(`[role="cell"][data-date="${dayText(day)}"]`)
    .locator('[data-event-id]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-event-id'))))

test.describe('what each day of the calendar holds', () => {
  test("each day's summary gives the service's counts, and draws its most pressing events", async ({
    signedInAs,
    clock,
  }) => {
    test.slow() // every day of a month of everyone's events, counted twice
    const page = await signedInAs('staff')
    await openCalendar(page, '?user=*')
    const events = await serviceEvents(page)
    const priorities = await servicePriorities(page)
    const top = priorities.at(-1)!
    const range = rangeOf('month', clock.now())
    const shown = await summaries(page)
    let checked = 0
    for (let day = range.start; day < range.end; day = midnight(day, 1)) {
      // A due date or reminder within a minute or two of now may be read either side of it:
      // the counts are checked exactly where both sides agree, and between them elsewhere.
      const before = dayCounts(events, day, new Date(clock.now().getTime() - 120_000), top)
      const after = dayCounts(events, day, new Date(clock.now().getTime() + 120_000), top)
      const counts = shown.get(dayText(day)) ?? {
        total: 0,
        urgent: 0,
        overdue: 0,
        due: 0,
        snoozed: 0,
      }
      if (JSON.stringify(before) === JSON.stringify(after)) {
        expect(counts, `the counts of ${dayText(day)}`).toEqual(before)
        checked++
      } else {
        expect(counts.total).toBe(before.total)
        expect(counts.overdue + counts.due + counts.snoozed).toBe(
          before.overdue + before.due + before.snoozed,
        )
      }
      // The most pressing three are the ones drawn (a day of events due at a time each).
      const oneDay = { start: day, end: midnight(day, 1) }
      const onDay = events.filter((e) => covers(e, oneDay))
      if (
        before.total > 0 &&
        JSON.stringify(before) === JSON.stringify(after) &&
        onDay.every((e) => e.due_Date)
      ) {
        const pressing = mostPressing(events, day, clock.now(), priorities).slice(0, 3)
        expect(
          (await drawnOn(page, day)).sort((a, b) => a - b),
          `the events drawn on ${dayText(day)}`,
        ).toEqual(pressing.map((e) => e.event_ID).sort((a, b) => a - b))
      }
    }
    expect(checked).toBeGreaterThan(25)
    // Today's cell says what today holds, and the counts are words for a screen reader.
    const today = clock.now()
    const counts = dayCounts(events, today, today, top)
    expect(counts.total).toBeGreaterThan(3)
    const name = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(today)
    await expect(
      page.getByRole('button', {
        name: new RegExp(`^${name}: ${counts.total} events.*Open the day’s list$`),
      }),
    ).toBeVisible()
  })

  test("the day's list from the keyboard: most pressing first, open an event, back, close", async ({
    signedInAs,
    clock,
  }) => {
    const page = await signedInAs('staff')
    await openCalendar(page, '?user=*')
    const events = await serviceEvents(page)
    const priorities = await servicePriorities(page)
    const today = clock.now()
    // Today's summary is a tab stop of the calendar (before the day's events); Enter opens the list.
    const name = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(today)
    const entry = page.getByRole('button', { name: new RegExp(`^${name}: .*Open the day’s list$`) })
    const cell = page.locator(`[role="cell"][data-date="${dayText(today)}"]`)
    await cell
      .locator('[role="button"]')
      .filter({ has: page.locator('[data-event-id]') })
      .first()
      .focus()
    await page.keyboard.press('Shift+Tab')
    await expect(entry).toBeFocused()
    await page.keyboard.press('Enter')
    const list = dayList(page, today)
    await expect(list).toBeVisible()
    await expect(list.getByRole('heading', { level: 2 })).toBeFocused()

    // In order of importance, as the service's records say (at the page's minute: an event due
    // within the minute is overdue or not by which side of it the page counted from).
    const minute = Math.floor(today.getTime() / 60_000) * 60_000
    const orders = [minute, minute - 60_000].map((t) =>
      mostPressing(events, today, new Date(t), priorities).map((e) => e.event_ID),
    )
    const ids = await listedIds(page, list)
    expect(ids).toHaveLength(orders[0]!.length)
    expect(orders).toContainEqual(ids)

    // Tab into the list, ↓ to the second event, Enter opens its details.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const first = list.locator(`[data-list-event-id="${ids[0]}"]`)
    await expect(first).toBeFocused()
    await page.keyboard.press('ArrowDown')
    const second = list.locator(`[data-list-event-id="${ids[1]}"]`)
    await expect(second).toBeFocused()
    await page.keyboard.press('Enter')
    const subject = (await serviceEvent(page, ids[1]!)).subject!
    const panel = page.getByRole('complementary', { name: subject })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('heading', { name: subject })).toBeFocused()
    await expectNoSeriousA11yViolations(page)

    // Escape: back in the day's list, on the same event; Escape again: back on the summary.
    await page.keyboard.press('Escape')
    await expect(list.locator(`[data-list-event-id="${ids[1]}"]`)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(list).toBeHidden()
    await expect(entry).toBeFocused()
  })

  test('Alt+↓ onto a crowded day: the day’s list opens with the moved event focused, and says where it went', async ({
    signedInAs,
    clock,
  }) => {
    const page = await signedInAs('staff')
    // A user of the test's own: today holds one low-priority event; a week later, four urgent
    // ones fill the day, so the moved event is not drawn there.
    const user = `e2e-crowd-${Date.now().toString(36)}`
    const today = clock.now()
    const at = (d: Date, hour: number) =>
      serviceText(new Date(d.getFullYear(), d.getMonth(), d.getDate(), hour, 0))
    const week = midnight(today, 7)
    const moved = await createEvent(page, {
      user_ID: user,
      priority: 'LOW',
      subject: `Crowded move ${Date.now()}`,
      due_Date: at(today, 23),
    })
    for (let i = 0; i < 4; i++)
      await createEvent(page, { user_ID: user, priority: 'URGENT', due_Date: at(week, 9 + i) })
    await openCalendar(page, `?user=${user}`)
    const button = page
      .locator('[role="button"]')
      .filter({ has: page.locator(`[data-event-id="${moved.event_ID}"]`) })
    await button.focus()
    await page.keyboard.press('Alt+ArrowDown')

    const list = dayList(page, week)
    await expect(list).toBeVisible()
    const item = list.locator(`[data-list-event-id="${moved.event_ID}"]`)
    await expect(item).toBeFocused()
    const when = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(week)
    await expect(page.getByRole('status').filter({ hasText: /^Moved “/ })).toHaveText(
      `Moved “${moved.subject}” to ${when}, 23:00. It is in the list of that day (5 events, 4 urgent, 5 due).`,
    )
    // Not drawn in the crowded day's cell: its summary and "+1 more" say it is there.
    await expect
      .poll(async () => (await serviceEvent(page, moved.event_ID)).due_Date)
      .toBe(at(week, 23))
    expect(await drawnOn(page, week)).not.toContain(moved.event_ID)

    // Alt+← in the list: a day earlier; the list follows it there, focus stays on it.
    await page.keyboard.press('Alt+ArrowLeft')
    const before = dayList(page, midnight(week, -1))
    await expect(before).toBeVisible()
    await expect(before.locator(`[data-list-event-id="${moved.event_ID}"]`)).toBeFocused()
    await expect
      .poll(async () => (await serviceEvent(page, moved.event_ID)).due_Date)
      .toBe(at(midnight(week, -1), 23))
  })

  test('past the index limit the calendar reads each view from the service and search the recent changes, and both say so', async ({
    signedInAs,
    clock,
  }) => {
    const page = await signedInAs('staff')
    // The sandbox of the tests holds 2,000 events: a limit of 1,000 puts it past (a limit of the
    // tab's own index: the console server knows none).
    await browserIndex(page, { eventIndexLimit: 1000 })
    await page.goto('/events/calendar?user=*')
    await expect(page.getByRole('note').filter({ hasText: /more than 1,000 events/ })).toBeVisible()
    await expect(viewShown(page)).toBeVisible()
    const range = rangeOf('month', clock.now())
    const inView = (await serviceEvents(page)).filter((e) => covers(e, range))
    await expect(page.getByText(/^[\d,]+ events? in view/)).toHaveText(
      new RegExp(`^${inView.length} events? in view`),
    )
    // Each day still says what it holds, and its list opens.
    const today = clock.now()
    const oneDay = { start: midnight(today), end: midnight(today, 1) }
    const ofToday = inView.filter((e) => covers(e, oneDay))
    expect(ofToday.length).toBeGreaterThan(0)
    const cell = page.locator(`[role="cell"][data-date="${dayText(today)}"]`)
    await expect(cell.locator('[data-day-summary]')).toHaveAttribute(
      'data-total',
      String(ofToday.length),
    )
    await cell.locator('[data-day-summary]').click()
    const list = dayList(page, today)
    expect((await listedIds(page, list)).sort((a, b) => a - b)).toEqual(
      ofToday.map((e) => e.event_ID).sort((a, b) => a - b),
    )
    // The next month is read from the service too.
    await page.getByRole('button', { name: 'Next month' }).click()
    await expect(viewShown(page)).toBeVisible()
    const next = new Date(today.getFullYear(), today.getMonth() + 1, 1)
    const nextRange = rangeOf('month', next)
    const nextInView = (await serviceEvents(page)).filter((e) => covers(e, nextRange))
    await expect(page.getByText(/^[\d,]+ events? in view/)).toHaveText(
      new RegExp(`^${nextInView.length} events? in view`),
    )
    expect(nextInView.length).toBeGreaterThan(0)

    // Search everywhere looks among the events changed most recently, and says why.
    const word = `Kittiwake${Date.now()}`
    const changed = await createEvent(page, { subject: `Call about the ${word} appeal` })
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    await palette.getByRole('combobox', { name: 'Search events, auths and pages' }).fill(word)
    await expect(palette.getByText(/too many to search in the browser/)).toBeVisible()
    await expect(palette.getByRole('option', { name: new RegExp(word) })).toContainText(
      `Event ${changed.event_ID}`,
    )
  })
})
