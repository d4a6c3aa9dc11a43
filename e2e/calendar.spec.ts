import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  covers,
  dayList,
  dayText,
  done,
  eventButton,
  listedIds,
  local,
  midnight,
  monday,
  openCalendar,
  progress,
  rangeOf,
  serviceEvent,
  serviceEvents,
  type Range,
} from './calendar-oracle'
import {
  browserIndex,
  createEvent,
  expect,
  serviceText,
  test,
  type ServiceClock,
  type ServiceEvent,
} from './fixtures'

function expectedEvents(events: ServiceEvent[], range: Range, keep: (e: ServiceEvent) => boolean) {
  return events.filter((e) => keep(e) && covers(e, range))
}

function expectedIds(events: ServiceEvent[], range: Range, keep: (e: ServiceEvent) => boolean) {
  return new Set(expectedEvents(events, range, keep).map((e) => e.event_ID))
}

/**
 * Every event ID the view shows, including those behind its "+N more" (the day's list) and the
 * time grid's own "+N" popovers.
 */
async function shownIds(page: Page): Promise<Set<number>> {
  const read = (scope: Locator) =>
    scope
      .locator('[data-event-id]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-event-id'))))
  const calendar = page.getByRole('region', { name: 'Calendar' })
  const ids = new Set(await read(calendar))
  const more = calendar.locator('[aria-haspopup="dialog"]')
  for (let i = 0; i < (await more.count()); i++) {
    await more.nth(i).click()
    const popover = page.getByRole('dialog')
    await expect(popover).toBeVisible()
    for (const id of await read(popover)) ids.add(id)
    await popover.getByRole('button', { name: 'Close' }).click()
    await expect(popover).toBeHidden()
  }
  const days = calendar.getByRole('button', { name: /more events? on .*: open the day’s list$/ })
  for (let i = 0; i < (await days.count()); i++) {
    await days.nth(i).click()
    const list = page.getByRole('complementary')
    await expect(list.locator('[data-list-event-id]').first()).toBeVisible()
    for (const id of await listedIds(page, list)) ids.add(id)
    await list.getByRole('button', { name: 'Close the day’s list' }).click()
    await expect(list).toBeHidden()
  }
  return ids
}

/** Each element's day (`dayAttr`) with the number it carries (`numberAttr`). */
async function dayNumbers(within: Locator, dayAttr: string, numberAttr: string) {
  const pairs = await within
    .locator(`[${dayAttr}]`)
    .evaluateAll(
      (els, [day, n]) => els.map((el) => [el.getAttribute(day!)!, Number(el.getAttribute(n!))]),
      [dayAttr, numberAttr],
    )
  return new Map(pairs as [string, number][])
}

/**
 * The month draws a few events a day and "+N more" for the rest: every drawn event is expected,
 * on every day the drawn events covering it plus its "+N" are all the expected ones, and the
 * day's summary counts them all.
 */
async function expectMonthShows(
  page: Page,
  expected: ServiceEvent[],
  range: { start: Date; end: Date },
) {
  // Read again until it holds: the count above can be drawn a moment before the days' cells.
  await expect(async () => {
    const calendar = page.getByRole('region', { name: 'Calendar' })
    const drawn = await calendar
      .locator('[data-event-id]')
      .evaluateAll((els) => [...new Set(els.map((el) => Number(el.getAttribute('data-event-id'))))])
    const more = await dayNumbers(calendar, 'data-more-day', 'data-more-count')
    const totals = await dayNumbers(calendar, 'data-day-summary', 'data-total')
    const byId = new Map(expected.map((e) => [e.event_ID, e]))
    expect(drawn.filter((id) => !byId.has(id))).toEqual([])
    for (let day = range.start; day < range.end; day = midnight(day, 1)) {
      const oneDay = { start: day, end: midnight(day, 1) }
      const all = expected.filter((e) => covers(e, oneDay)).length
      const shown = drawn.filter((id) => covers(byId.get(id)!, oneDay)).length
      expect(shown + (more.get(dayText(day)) ?? 0), `events on ${dayText(day)}`).toBe(all)
      expect(totals.get(dayText(day)) ?? 0, `the summary of ${dayText(day)}`).toBe(all)
    }
  }).toPass({ timeout: 10_000 })
}

const mine = (e: ServiceEvent) => e.user_ID === 'admin'
const summary = (page: Page) => page.getByText(/^[\d,]+ events? in view/)

test.describe('events calendar', () => {
  test(
    "the month view shows the service's events of its range",
    { tag: '@dates' },
    async ({ signedInAs, clock }) => {
      const page = await signedInAs('admin')
      await openCalendar(page)
      const range = rangeOf('month', clock.now())
      const expected = expectedEvents(await serviceEvents(page), range, mine)
      await expect(summary(page)).toHaveText(new RegExp(`^${expected.length} events? in view`))
      await expectMonthShows(page, expected, range)

      // Everyone's events: a few a day, and "+N more" opens the day with all of them.
      await page.getByLabel('Assigned user').selectOption({ label: 'Anyone' })
      const everyone = expectedEvents(await serviceEvents(page), range, () => true)
      await expect(summary(page)).toHaveText(
        new RegExp(`^${everyone.length.toLocaleString('en-GB')} events? in view`),
      )
      await expectMonthShows(page, everyone, range)
      // People and groups by the directory's names, as every other view names them.
      const groupNames = await page.getByLabel('User group').locator('option').allTextContents()
      expect(groupNames.length).toBeGreaterThan(1)
      expect(groupNames.filter((g) => /^Group \d+$/.test(g))).toEqual([])
      // "+N more" opens the day's list: every event of the day, the drawn ones too.
      const more = page
        .getByRole('button', { name: /more events? on .*: open the day’s list$/ })
        .first()
      const day = (await more.locator('[data-more-day]').getAttribute('data-more-day'))!
      await more.click()
      const date = new Date(`${day}T00:00:00`)
      const list = dayList(page, date)
      await expect(list).toBeVisible()
      const ofDay = everyone.filter((e) => covers(e, { start: date, end: midnight(date, 1) }))
      expect((await listedIds(page, list)).sort((a, b) => a - b)).toEqual(
        ofDay.map((e) => e.event_ID).sort((a, b) => a - b),
      )
    },
  )

  for (const view of ['week', 'day', 'agenda'] as const) {
    test(
      `the ${view} view shows the service's events of its range`,
      // The agenda shows the week view's range: the matrix checks the week once.
      { tag: view === 'agenda' ? [] : '@dates' },
      async ({ signedInAs, clock }) => {
        const page = await signedInAs('admin')
        await openCalendar(page, `?view=${view}`)
        const expected = expectedIds(await serviceEvents(page), rangeOf(view, clock.now()), mine)
        await expect(summary(page)).toHaveText(new RegExp(`^${expected.size} events? in view`))
        expect([...(await shownIds(page))].sort()).toEqual([...expected].sort())
      },
    )
  }

  test('loads page by page with visible progress, then keeps the events', async ({
    signedInAs,
  }) => {
    const page = await signedInAs('admin')
    await browserIndex(page)
    let pages = 0
    page.on('request', (r) => {
      // From the service, or from the console server's copy when it is there.
      if (/\/(api|console-api\/mirror)\/events\?.*pageSize=1000/.test(r.url())) pages++
    })
    await openCalendar(page)
    expect(pages).toBeGreaterThanOrEqual(2)
    const loaded = pages
    await page.getByRole('link', { name: 'List', exact: true }).click()
    await page.getByRole('link', { name: 'Calendar' }).click()
    await expect(progress(page)).toHaveText(/All [\d,]+ events loaded/)
    expect(pages).toBe(loaded)
  })

  test('filters change what is shown and survive a reload', async ({ signedInAs, clock }) => {
    const page = await signedInAs('admin')
    await openCalendar(page)
    const events = await serviceEvents(page)
    const range = rangeOf('month', clock.now())
    await page.getByLabel('Priority').selectOption({ label: 'High' })
    await page.getByLabel('Show completed').click()
    await expect(page).toHaveURL(/priority=HIGH/)
    await expect(page).toHaveURL(/completed=hide/)
    const high = (e: ServiceEvent) => e.priority === 'HIGH' && !done(e)
    const expected = expectedIds(events, range, (e) => mine(e) && high(e))
    await expect(summary(page)).toHaveText(new RegExp(`^${expected.size} events? in view`))
    await expectMonthShows(
      page,
      expectedEvents(events, range, (e) => mine(e) && high(e)),
      range,
    )

    await page.reload()
    await expect(progress(page)).toHaveText(/All [\d,]+ events loaded/)
    await expect(page.getByText('Loading the calendar…')).toBeHidden()
    await expect(page.getByLabel('Priority')).toHaveValue('HIGH')
    await expect(page.getByLabel('Show completed')).not.toBeChecked()
    await expect(summary(page)).toHaveText(new RegExp(`^${expected.size} events? in view`))

    await page.getByLabel('Assigned user').selectOption({ label: 'Anyone' })
    await expect(page).toHaveURL(/user=\*|user=%2A/)
    const anyone = expectedIds(events, range, high)
    await expect(summary(page)).toHaveText(new RegExp(`^${anyone.size} events? in view`))
    expect(anyone.size).toBeGreaterThan(expected.size)
    await page.goBack()
    await expect(page.getByLabel('Assigned user')).toHaveValue('admin')
    await expect(summary(page)).toHaveText(new RegExp(`^${expected.size} events? in view`))
  })

  test('the week at 1024 px shows each event by its subject, its time giving way', async ({
    signedInAs,
  }) => {
    const page = await signedInAs('admin')
    await page.setViewportSize({ width: 1024, height: 900 })
    await openCalendar(page, '?view=week&user=*')
    const faces = page.locator('[data-event-id] > [aria-hidden="true"]')
    await expect(faces.first()).toBeVisible()
    // The subject's part of each face: never squeezed out by the time before it.
    const widths = await faces.evaluateAll((all) =>
      all.map((face) => {
        const spans = [...face.children].filter((c) => c.tagName === 'SPAN') as HTMLElement[]
        const title = spans.find((s) => getComputedStyle(s).order === '1')
        return title ? title.getBoundingClientRect().width : 0
      }),
    )
    expect(widths.length).toBeGreaterThan(0)
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(12)
  })

  test('view and date live in the URL; back and forward work', async ({ signedInAs }) => {
    const page = await signedInAs('admin')
    await openCalendar(page)
    const month = page.getByRole('heading', { level: 2 }).first()
    const title = await month.innerText()
    await page.getByRole('button', { name: 'Next month' }).click()
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/)
    await expect(month).not.toHaveText(title)
    await page.getByRole('button', { name: 'Week', exact: true }).click()
    await expect(page).toHaveURL(/view=week/)
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.goBack()
    await page.goBack()
    await expect(month).toHaveText(title)
    await page.getByLabel('Go to date').fill('2026-02-14')
    await expect(page).toHaveURL(/date=2026-02-14/)
    await expect(month).toHaveText('February 2026')
    await page.goto('/events/calendar?view=decade&date=2026-02-30')
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  test(
    'a drag moves an event and the service has the new date',
    { tag: '@dates' },
    async ({ signedInAs, clock }) => {
      const page = await signedInAs('admin')
      const event = await draggableEvent(page, clock)
      await openCalendar(page, `?completed=hide&user=${event.user_ID}`)
      const from = local(event.due_Date)!
      const to = midnight(from, 1)
      await dragTo(page, event.event_ID, dayText(to))
      await expect(page.getByText('Event moved')).toBeVisible()
      // The same wall-clock time on the next day.
      await expect
        .poll(async () => (await serviceEvent(page, event.event_ID)).due_Date)
        .toBe(`${dayText(to)}T${event.due_Date!.slice(11)}`)
      await expect(cellOf(page, event.event_ID)).toHaveAttribute('data-date', dayText(to))
    },
  )

  test('a refused move is put back with the service’s explanation', async ({
    signedInAs,
    clock,
  }) => {
    const page = await signedInAs('admin')
    const event = await draggableEvent(page, clock)
    await openCalendar(page, `?view=week&user=${event.user_ID}`)
    const from = local(event.due_Date)!
    await page.route(`**/api/events/${event.event_ID}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              error: {
                type: 'about:blank',
                title: 'Validation failed',
                status: 400,
                detail: 'due_Date: the due date is frozen for this audit',
              },
              debug: { activityID: 'e2e-refused' },
            }),
          })
        : route.continue(),
    )
    await dragTo(page, event.event_ID, dayText(midnight(from, 1)))
    await expect(page.getByText('The move was not saved')).toBeVisible()
    await expect(page.getByText(/the due date is frozen for this audit/).first()).toBeVisible()
    await expect(cellOf(page, event.event_ID)).toHaveAttribute('data-date', dayText(from))
    expect((await serviceEvent(page, event.event_ID)).due_Date).toBe(event.due_Date)
  })

  test(
    'keyboard: Alt+Arrow moves the focused event, announced, and saved',
    { tag: '@dates' },
    async ({ signedInAs, clock }) => {
      const page = await signedInAs('admin')
      const event = await draggableEvent(page, clock)
      await openCalendar(page, `?view=week&user=${event.user_ID}`)
      const button = eventButton(page, event.event_ID)
      await button.focus()
      await page.keyboard.press('Alt+ArrowRight')
      await expect(page.getByRole('status').filter({ hasText: /^Moved “/ })).toContainText(
        `Moved “${event.subject}” to`,
      )
      await expect(page.getByText('Event moved')).toBeVisible()
      await expect(button).toBeFocused()
      await page.keyboard.press('Alt+ArrowUp')
      // A day later, half an hour earlier, in wall-clock time (across a clock change too).
      const from = local(event.due_Date)!
      const expected = new Date(
        from.getFullYear(),
        from.getMonth(),
        from.getDate() + 1,
        from.getHours(),
        from.getMinutes() - 30,
      )
      await expect
        .poll(async () => (await serviceEvent(page, event.event_ID)).due_Date)
        .toBe(serviceText(expected))
      // Focus follows the event to its new place.
      await expect(button).toBeFocused()
    },
  )

  test(
    'keyboard in the month view: Alt+↓ moves a week, Alt+← a day; the event visibly moves, keeps focus, and the toast states the new dates',
    { tag: '@dates' },
    async ({ signedInAs, clock }) => {
      const page = await signedInAs('admin')
      const event = await draggableEvent(page, clock)
      await openCalendar(page, `?view=month&user=${event.user_ID}`)
      const from = local(event.due_Date)!
      const button = eventButton(page, event.event_ID)
      await button.focus()
      await page.keyboard.press('Alt+ArrowDown')
      const week = midnight(from, 7)
      // Drawn in the cell a week down, focused there, and saved with the same time of day.
      await expect(cellOf(page, event.event_ID)).toHaveAttribute('data-date', dayText(week))
      await expect(button).toBeFocused()
      await expect
        .poll(async () => (await serviceEvent(page, event.event_ID)).due_Date)
        .toBe(`${dayText(week)}T${event.due_Date!.slice(11)}`)
      const day = new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      })
      const moved = page.getByRole('alertdialog', { name: 'Event moved' }).first()
      await expect(moved).toContainText(`${day.format(from)}, 09:00 → ${day.format(week)}, 09:00`)

      await page.keyboard.press('Alt+ArrowLeft')
      const back = midnight(from, 6)
      await expect(cellOf(page, event.event_ID)).toHaveAttribute('data-date', dayText(back))
      await expect(button).toBeFocused()
      await expect
        .poll(async () => (await serviceEvent(page, event.event_ID)).due_Date)
        .toBe(`${dayText(back)}T${event.due_Date!.slice(11)}`)
      // The panel's Move buttons say the same.
      await button.press('Enter')
      const panel = page.getByRole('complementary')
      await expect(panel.getByRole('button', { name: 'A week later' })).toBeVisible()
      await expect(panel.getByRole('button', { name: '30 min later' })).toHaveCount(0)
    },
  )

  test('the side panel shows the event with its actions and the Move controls', async ({
    signedInAs,
    clock,
  }) => {
    const page = await signedInAs('admin')
    const event = await draggableEvent(page, clock)
    await openCalendar(page, `?view=week&user=${event.user_ID}`)
    await eventButton(page, event.event_ID).click()
    const panel = page.getByRole('complementary', { name: event.subject! })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('heading', { name: event.subject! })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(eventButton(page, event.event_ID)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Edit' })).toBeVisible()
    await expect(panel.getByRole('link', { name: /Open the event page/ })).toHaveAttribute(
      'href',
      `/events/${event.event_ID}`,
    )
    await expect(panel.getByRole('button', { name: /^Snooze/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await panel.getByRole('button', { name: 'A day later' }).click()
    await expect(page.getByText('Event moved')).toBeVisible()
    await expect
      .poll(async () => (await serviceEvent(page, event.event_ID)).due_Date?.slice(0, 10))
      .toBe(dayText(midnight(local(event.due_Date)!, 1)))

    await panel.getByRole('button', { name: 'Mark complete' }).click()
    await expect(page.getByText('Marked complete')).toBeVisible()
    await expect(eventButton(page, event.event_ID)).toHaveAccessibleName(/completed/)

    await panel.getByRole('button', { name: 'Close details' }).click()
    await expect(panel).toBeHidden()
    await expect(eventButton(page, event.event_ID)).toBeFocused()
  })

  test('no serious accessibility violations in any view, a six-week month and an empty day, light and dark', async ({
    signedInAs,
    clock,
  }) => {
    test.slow() // axe over the views with hundreds of events, twice
    const page = await signedInAs('admin')
    const views = [
      `?date=${dayText(sixWeekMonth(clock.now()))}`,
      '?view=week',
      '?view=day&user=e2e-nobody',
      '?view=agenda&user=*',
    ]
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await page.getByRole('button', { name: /Switch to dark theme/ }).click()
      for (const query of views) {
        await openCalendar(page, query)
        await expectNoSeriousA11yViolations(page)
      }
    }
  })

  test('a scrolling region takes focus and scrolls from the keyboard, with no event in it', async ({
    signedInAs,
  }) => {
    const page = await signedInAs('admin')
    for (const view of ['week', 'day', 'agenda'] as const) {
      await openCalendar(page, `?view=${view}&user=${view === 'agenda' ? '*' : 'e2e-nobody'}`)
      // The hours of a time grid (a row of its table) or the agenda's list (a named group).
      const hours =
        view === 'agenda'
          ? page.getByRole('group', { name: 'Agenda (scrolls)' })
          : page.getByRole('row', { name: 'Hours of the day (scrolls)' })
      await expect(hours).toBeVisible()
      await page.getByRole('button', { name: 'Today', exact: true }).focus()
      for (let i = 0; i < 40 && !(await hours.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab')
      await expect(hours).toBeFocused()
      // What scrolls is the region itself or, for the row, the scroller around it.
      const scrollTop = () =>
        hours.evaluate((el) => {
          for (let e: Element | null = el; e; e = e.parentElement)
            if (e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible')
              return e.scrollTop
          return -1
        })
      const before = await scrollTop()
      expect(before).toBeGreaterThanOrEqual(0)
      await page.keyboard.press('PageDown')
      await expect.poll(scrollTop).toBeGreaterThan(before)
    }
  })
})

/** The first month from `today`'s on whose Monday-first grid has six rows (November 2026 has). */
function sixWeekMonth(today: Date): Date {
  for (let m = 0; ; m++) {
    const first = new Date(today.getFullYear(), today.getMonth() + m, 1)
    const last = new Date(first.getFullYear(), first.getMonth() + 1, 0)
    const rows = Math.round(
      (midnight(monday(last), 7).getTime() - monday(first).getTime()) / 6048e5,
    )
    if (rows === 6) return new Date(first.getFullYear(), first.getMonth(), 15)
  }
}

/** The month cell (or week column) an event is drawn in. */
const cellOf = (page: Page, id: number) =>
  page
    .locator('[data-date]')
    .filter({ has: page.locator(`[data-event-id="${id}"]`) })
    .last()

/**
 * An open event due at 09:00 today (on a Sunday, the day before, so a day later stays in the
 * week), created for the test under a user of its own: the calendar filtered to that user shows it
 * alone, and nothing another test left behind can hide it.
 */
async function draggableEvent(page: Page, clock: ServiceClock): Promise<ServiceEvent> {
  const now = clock.now()
  const sunday = now.getDay() === 0
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (sunday ? 1 : 0), 9, 0)
  return createEvent(page, {
    user_ID: `e2e-${Date.now().toString(36)}`,
    subject: `Calendar move ${Date.now()}`,
    due_Date: serviceText(due),
  })
}

/** Drags an event with the mouse onto a day's cell. */
async function dragTo(page: Page, id: number, day: string) {
  await eventButton(page, id).scrollIntoViewIfNeeded()
  const source = await eventButton(page, id).boundingBox()
  const target = await page.locator(`[role="cell"][data-date="${day}"]`).first().boundingBox()
  if (!source || !target) throw new Error('Nothing to drag or nowhere to drop')
  await page.mouse.move(source.x + 8, source.y + source.height / 2)
  await page.mouse.down()
  await page.mouse.move(source.x + 20, source.y + source.height / 2, { steps: 4 })
  await page.mouse.move(target.x + target.width / 2, source.y + source.height / 2, { steps: 12 })
  await page.mouse.up()
}
