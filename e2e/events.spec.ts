import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  createEvent,
  expect,
  minutesFromNow,
  service,
  serviceDate,
  serviceText,
  signIn,
  test,
  type ServiceEvent,
} from './fixtures'

/** An event of the seed with a schedule that can recur (found through the service). */
async function eventWithSchedule(page: Page) {
  for (let id = 13; id < 400; id++) {
    const { status, data } = await service<{ schedule_ID: number }[]>(
      page,
      'GET',
      `/events/${id}/schedules`,
    )
    if (status !== 200 || data.length === 0) continue
    // Other specs may complete events; a completed one offers no Reschedule.
    const event = (await service(page, 'GET', `/events/${id}`)).data
    if (!event.completion_Date && event.status !== 'Completed') return id
  }
  throw new Error('The seed has no event with a schedule')
}

test.describe('events', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test(
    'my events groups the queue under the 14-day load',
    { tag: '@dates' },
    async ({ page, clock }) => {
      test.slow() // axe over a queue of a hundred rows takes a while
      const overdue = await createEvent(page, {
        due_Date: serviceDate(clock, -26 * 60),
        priority: 'HIGH',
      })
      const upcoming = await createEvent(page, { due_Date: serviceDate(clock, 25 * 60) })
      const soon = serviceDate(clock, 5)
      const todayStillAhead = soon.slice(0, 10) === serviceDate(clock, 0).slice(0, 10)
      const today = await createEvent(page, { due_Date: soon })

      await page.goto('/events/mine')
      await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
      const group = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) })
      // Overdue shows the ten most important first; the rest on asking.
      await group('Overdue')
        .getByRole('button', { name: /^Show all \d+ overdue$/ })
        .click()
      await expect(group('Overdue').getByRole('link', { name: overdue.subject! })).toBeVisible()
      await expect(group('Upcoming').getByRole('link', { name: upcoming.subject! })).toBeVisible()
      if (todayStillAhead)
        await expect(group('Later today').getByRole('link', { name: today.subject! })).toBeVisible()

      const chart = page.getByRole('figure', { name: 'Next 14 days' })
      await expect(chart).toContainText(/events? due or reminded/)
      await chart.getByText('Show as a table').click()
      const table = chart.getByRole('table')
      await expect(table.getByRole('row')).toHaveCount(15)
      await expectNoSeriousA11yViolations(page)

      // Anyone's queue, by name: the list offers people with their counts.
      const picker = page.getByLabel('Another person’s queue')
      await picker.fill('Nobody Atall')
      await page.getByRole('button', { name: 'View', exact: true }).click()
      await expect(page.getByRole('alert')).toContainText('No one called “Nobody Atall”')
      await picker.fill('Pat Support')
      await page.getByRole('button', { name: 'View', exact: true }).click()
      await expect(page).toHaveURL(/\/events\/mine\/support$/)
      await expect(page.getByRole('heading', { name: 'Queue of Pat Support' })).toBeVisible()
      await expect(page.getByRole('link', { name: overdue.subject! })).toHaveCount(0)
    },
  )

  test(
    'my events words each date by the calendar: yesterday, days ago, in days',
    { tag: '@dates' },
    async ({ page, clock }) => {
      const now = clock.now()
      const on = (days: number, h: number, m: number) =>
        serviceText(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, h, m))
      // Late yesterday is "yesterday" however few hours ago; two days back is "2 days ago" even
      // in the morning; six days ahead is "in 6 days" at any hour of that day.
      const cases = [
        { due: on(-1, 23, 30), words: 'yesterday' },
        { due: on(-2, 8, 15), words: '2 days ago' },
        { due: on(-2, 23, 45), words: '2 days ago' },
        { due: on(6, 8, 0), words: 'in 6 days' },
        { due: on(6, 9, 45), words: 'in 6 days' },
      ]
      const made = []
      for (const c of cases)
        made.push({ ...c, event: await createEvent(page, { due_Date: c.due }) })
      await page.goto('/events/mine')
      await expect(page.getByRole('region', { name: /^Overdue/ })).toBeVisible()
      const more = page.getByRole('button', { name: /^Show all \d+/ })
      while ((await more.count()) > 0) await more.first().click()
      for (const { event, words } of made) {
        const row = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: event.subject }) })
        await expect(row).toContainText(`(${words})`)
      }
    },
  )

  test("a queue with nothing due today says so; an event without a priority doesn't list an empty one", async ({
    page,
    clock,
  }) => {
    const user = `e2e-${Date.now().toString(36)}`
    const late = await createEvent(page, {
      user_ID: user,
      due_Date: serviceDate(clock, -3 * 24 * 60),
    })
    await page.goto(`/events/mine/${user}`)
    const today = page.getByRole('region', { name: /^Later today/ })
    await expect(today).toContainText('Nothing due today.')
    await expect(page.getByRole('region', { name: /^Overdue/ })).toContainText(late.subject!)

    const plain = await createEvent(page, { user_ID: user, priority: null })
    await page.goto(`/events/${plain.event_ID}`)
    const what = page.getByRole('region', { name: 'What' })
    await expect(what.getByRole('term').filter({ hasText: 'Subject' })).toBeVisible()
    await expect(what.getByRole('term').filter({ hasText: 'Priority' })).toHaveCount(0)
    await expect(what).toContainText(/Not set: .*Priority/)
  })

  test('a change made elsewhere reaches My events and the bell within one sync', async ({
    page,
    clock,
  }) => {
    test.setTimeout(60_000)
    const event = await createEvent(page, {
      user_ID: 'staff',
      subject: `Changed elsewhere ${Date.now()}`,
      due_Date: serviceDate(clock, 26 * 60),
      reminder: false,
    })
    await page.goto('/events/mine')
    await expect(
      page.getByRole('region', { name: /^Upcoming/ }).getByText(event.subject!),
    ).toBeVisible()
    const bellLabel = () =>
      page.getByRole('button', { name: /^Reminders/ }).getAttribute('aria-label')
    const before = await bellLabel()
    // Someone else makes it overdue, renames it and turns its reminder on (ringing now).
    const renamed = `${event.subject} (renamed)`
    const stored = (await service(page, 'GET', `/events/${event.event_ID}`)).data
    const changed = await service(page, 'PUT', `/events/${event.event_ID}`, {
      ...stored,
      subject: renamed,
      due_Date: serviceDate(clock, -120),
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, -60),
    })
    expect(changed.status).toBe(200)
    // Within one sync of the event index (10 s) and a read: not on each view's own timer.
    const overdue = page.getByRole('region', { name: /^Overdue/ })
    await expect(page.getByText(event.subject!, { exact: true })).toHaveCount(0, {
      timeout: 12_000,
    })
    const showAll = overdue.getByRole('button', { name: /^Show all \d+ overdue$/ })
    if (await showAll.isVisible()) await showAll.click()
    await expect(overdue.getByText(renamed)).toBeVisible()
    expect(await bellLabel()).not.toBe(before)
  })

  test('creates an event from the form', async ({ page }) => {
    await page.goto('/events/new')
    await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    const subject = `Created in the form ${Date.now()}`
    await page.getByLabel('Subject', { exact: true }).fill(subject)
    await page.getByLabel('Priority').selectOption({ label: 'High' })
    await page.getByLabel('Due', { exact: true }).fill('2027-02-03T10:30')
    await page.getByLabel('Remind the assigned user').check()
    await page.getByLabel('Next reminder').fill('2027-02-02T09:00')
    await page.getByLabel('Completion (%)').fill('25')
    await page.getByRole('button', { name: 'Create event' }).click()

    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
    await expect(page.getByText('Event created')).toBeVisible()
    const id = Number(page.url().split('/').pop())
    const { data } = await service(page, 'GET', `/events/${id}`)
    expect(data).toMatchObject({
      subject,
      priority: 'HIGH',
      due_Date: '2027-02-03T10:30:00',
      next_Scheduled_Date: '2027-02-02T09:00:00',
      reminder: true,
      completion_Percent: 25,
      user_ID: 'staff',
      status: 'Open',
    })
  })

  test('the form rejects bad input and keeps what was typed', async ({ page }) => {
    await page.goto('/events/new')
    await page.getByLabel('Subject', { exact: true }).fill('Bad input check')
    await page.getByLabel('Completion (%)').fill('120')
    await page.getByLabel('Triggers a report series').check()
    await page.getByRole('button', { name: 'Create event' }).click()

    const percent = page.getByLabel('Completion (%)')
    await expect(percent).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Completion must be a number from 0 to 100')).toBeVisible()
    await expect(page.getByLabel('Report series', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(page.getByText('Enter the report series this event triggers')).toBeVisible()
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Bad input check')
    await expect(page).toHaveURL(/\/events\/new$/)

    // Fixed, the service answers 400 naming a field: shown on the form, nothing lost.
    await percent.fill('100')
    await page.getByLabel('Report series', { exact: true }).fill('12')
    await page.route('**/api/events', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              error: {
                title: 'Validation failed',
                status: 400,
                detail: 'Invalid fields: subject, legacy_Code',
                errors: { subject: 'Subject is taken', legacy_Code: 'Unknown code' },
              },
              debug: { activityID: 'e2e-activity' },
            }),
          })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Create event' }).click()
    const summary = page.getByRole('alert').filter({ hasText: 'Invalid fields' })
    await expect(summary).toContainText('legacy_Code: Unknown code')
    await expect(page.getByText('Subject is taken')).toBeVisible()
    await expect(page.getByLabel('Subject', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Bad input check')
    await expect(page.getByLabel('Report series', { exact: true })).toHaveValue('12')
  })

  test('shows the subject’s limit as the user types and refuses a longer one', async ({ page }) => {
    await page.goto('/events/new')
    const subject = page.getByLabel('Subject', { exact: true })
    await expect(subject).toHaveAccessibleDescription('0 / 1,000 characters')
    await subject.fill('x'.repeat(812))
    await expect(subject).toHaveAccessibleDescription('812 / 1,000 characters')
    await subject.fill('x'.repeat(1_001))
    await expect(subject).toHaveAccessibleDescription('1,001 / 1,000 characters')
    let posted = false
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/events')) posted = true
    })
    await page.getByRole('button', { name: 'Create event' }).click()
    await expect(
      page.getByText('Keep the subject to 1,000 characters or fewer (1,001 now)'),
    ).toBeVisible()
    await expect(subject).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toBe(false)
    await subject.press('Backspace')
    await expect(subject).toHaveAccessibleDescription('1,000 / 1,000 characters')
    await page.getByRole('button', { name: 'Create event' }).click()
    await expect(page.getByText('Event created')).toBeVisible()
    expect(posted).toBe(true)
    // The toast can come before the move to the new event's page.
    await expect(page).toHaveURL(/\/events\/\d+$/)
    const id = Number(page.url().split('/').pop())
    expect(((await service(page, 'GET', `/events/${id}`)).data as ServiceEvent).subject).toBe(
      'x'.repeat(1_000),
    )
  })

  test('edits an event, sending the whole event back', async ({ page, clock }) => {
    const event = await createEvent(page, { due_Date: serviceDate(clock, 60) })
    // A field this console does not know must survive the round trip.
    await page.route(`**/api/events/${event.event_ID}`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue()
      const response = await route.fetch()
      const json = (await response.json()) as { data: ServiceEvent }
      json.data.legacy_Code = 'KEEP-ME'
      return route.fulfill({ response, json })
    })
    await page.goto(`/events/${event.event_ID}/edit`)
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(event.subject!)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Subject', { exact: true }).fill(`${event.subject} (edited)`)
    await page.getByLabel('Status', { exact: true }).fill('In progress')
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/events/${event.event_ID}`),
    )
    await page.getByRole('button', { name: 'Save changes' }).click()
    const body = (await put).postDataJSON() as ServiceEvent
    expect(body).toMatchObject({ legacy_Code: 'KEEP-ME', status: 'In progress' })
    await expect(page.getByRole('heading', { name: `${event.subject} (edited)` })).toBeVisible()
    const { data } = await service(page, 'GET', `/events/${event.event_ID}`)
    expect(data).toMatchObject({ subject: `${event.subject} (edited)`, status: 'In progress' })
  })

  test('warns about a change made on the service after the form loaded', async ({ page }) => {
    const event = await createEvent(page)
    await page.goto(`/events/${event.event_ID}/edit`)
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(event.subject!)
    await page.getByLabel('Status', { exact: true }).fill('Waiting')

    // Someone else saves the event (update dates have one-second resolution).
    await page.waitForTimeout(1100)
    const theirs = { ...event, subject: `${event.subject} (theirs)`, priority: 'URGENT' }
    expect((await service(page, 'PUT', `/events/${event.event_ID}`, theirs)).status).toBe(200)

    await page.getByRole('button', { name: 'Save changes' }).click()
    const dialog = page.getByRole('alertdialog', {
      name: 'This event changed while you were editing',
    })
    await expect(dialog).toBeVisible()
    const subjectRow = dialog.getByRole('row', { name: /^Subject/ })
    await expect(subjectRow.getByRole('cell').first()).toHaveText(theirs.subject)
    // Saving mine on top of theirs keeps their subject: the user did not change it.
    await expect(subjectRow.getByRole('cell').last()).toHaveText(theirs.subject)
    await expect(dialog.getByRole('row', { name: /^Priority/ })).toContainText('Urgent')
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)

    // Taking theirs shows their version and keeps mine as a draft to restore.
    await dialog.getByRole('button', { name: 'Take theirs, keep mine as a draft' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(theirs.subject)
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Open')
    await page.getByRole('button', { name: 'Restore changes' }).click()
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Waiting')
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(theirs.subject)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { name: theirs.subject, level: 1 })).toBeVisible()

    // Again, this time saving mine over theirs: their other change stays.
    await page.goto(`/events/${event.event_ID}/edit`)
    await page.getByLabel('Subject', { exact: true }).fill(`${event.subject} (mine)`)
    await page.waitForTimeout(1100)
    const stored = (await service(page, 'GET', `/events/${event.event_ID}`)).data
    await service(page, 'PUT', `/events/${event.event_ID}`, {
      ...stored,
      subject: `${event.subject} (theirs again)`,
      status: 'Open',
    })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog.getByRole('row', { name: /^Subject/ })).toContainText('replaces theirs')
    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click()
    await expect(page.getByRole('heading', { name: `${event.subject} (mine)` })).toBeVisible()
    const { data } = await service(page, 'GET', `/events/${event.event_ID}`)
    expect(data).toMatchObject({ subject: `${event.subject} (mine)`, status: 'Open' })
  })

  test('a save the service refuses as stale (409) opens the same conflict dialog', async ({
    page,
  }) => {
    const event = await createEvent(page)
    await page.goto(`/events/${event.event_ID}/edit`)
    await page.getByLabel('Subject', { exact: true }).fill(`${event.subject} (mine)`)
    // Someone saves between the form's check and its write: the check still sees the old copy.
    const stored = (await service(page, 'GET', `/events/${event.event_ID}`)).data
    expect(
      (await service(page, 'PUT', `/events/${event.event_ID}`, { ...stored, status: 'Waiting' }))
        .status,
    ).toBe(200)
    // Every read answers the old copy until the save's write goes out (the page may read again
    // meanwhile, when its index notices the change).
    let stale = true
    await page.route(`**/api/events/${event.event_ID}`, async (route) => {
      if (route.request().method() === 'PUT') stale = false
      if (route.request().method() !== 'GET' || !stale) return route.fallback()
      await route.fulfill({ json: { data: stored, debug: { activityID: 'stale-copy' } } })
    })
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/events/${event.event_ID}`),
    )
    await page.getByRole('button', { name: 'Save changes' }).click()
    expect((await put).status()).toBe(409)
    const dialog = page.getByRole('alertdialog', {
      name: 'This event changed while you were editing',
    })
    await expect(dialog.getByRole('row', { name: /^Status/ })).toContainText('Waiting')
    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click()
    await expect(page.getByRole('heading', { name: `${event.subject} (mine)` })).toBeVisible()
    const { data } = await service(page, 'GET', `/events/${event.event_ID}`)
    expect(data).toMatchObject({ subject: `${event.subject} (mine)`, status: 'Waiting' })
  })

  test('deletes an event after confirmation', async ({ page }) => {
    const event = await createEvent(page)
    await page.goto(`/events/${event.event_ID}`)
    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' })
    await expect(confirm).toContainText(event.subject!)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    expect((await service(page, 'GET', `/events/${event.event_ID}`)).status).toBe(200)

    await page.getByRole('button', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete event' }).click()
    await expect(page.getByText('Event deleted')).toBeVisible()
    await expect(page).toHaveURL(/\/events$/)
    expect((await service(page, 'GET', `/events/${event.event_ID}`)).status).toBe(404)
  })

  test('snoozes with the default and with another duration', async ({ page, clock }) => {
    const event = await createEvent(page, {
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, -30),
    })
    await page.goto(`/events/${event.event_ID}`)
    await expect(page.getByRole('heading', { name: event.subject!, level: 1 })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Snooze 15 minutes' }).click()
    await expect(page.getByText('Snoozed for 15 minutes')).toBeVisible()
    let { data } = await service(page, 'GET', `/events/${event.event_ID}`)
    expect(minutesFromNow(clock, data.next_Scheduled_Date)).toBeGreaterThan(13)
    expect(minutesFromNow(clock, data.next_Scheduled_Date)).toBeLessThan(16)

    await page.getByRole('button', { name: 'Other snooze durations' }).click()
    await page.getByRole('menuitem', { name: '2 hours' }).click()
    await expect(page.getByText('Snoozed for 2 hours')).toBeVisible()
    ;({ data } = await service(page, 'GET', `/events/${event.event_ID}`))
    expect(minutesFromNow(clock, data.next_Scheduled_Date)).toBeGreaterThan(118)
    expect(minutesFromNow(clock, data.next_Scheduled_Date)).toBeLessThan(121)
  })

  test(
    'reschedules and moves to the next occurrence of a schedule',
    { tag: '@dates' },
    async ({ page, clock }) => {
      const id = await eventWithSchedule(page)
      const schedulesBefore = (
        await service<{ next_Scheduled_Date: string }[]>(page, 'GET', `/events/${id}/schedules`)
      ).data
      await page.goto(`/events/${id}`)
      const schedule = page.getByRole('region', { name: 'Schedule' })
      await expect(schedule.getByRole('listitem').first()).toContainText(/^Every /)
      await expectNoSeriousA11yViolations(page)

      await schedule.getByRole('button', { name: 'Next occurrence' }).first().click()
      await expect(page.getByText('Moved to the next occurrence')).toBeVisible()
      const schedulesAfter = (
        await service<{ next_Scheduled_Date: string }[]>(page, 'GET', `/events/${id}/schedules`)
      ).data
      expect(new Date(schedulesAfter[0]!.next_Scheduled_Date).getTime()).toBeGreaterThan(
        new Date(schedulesBefore[0]!.next_Scheduled_Date).getTime(),
      )
      const moved = (await service(page, 'GET', `/events/${id}`)).data
      expect(moved.next_Scheduled_Date).toBe(schedulesAfter[0]!.next_Scheduled_Date)

      await page.getByRole('button', { name: 'Reschedule' }).click()
      await expect(page.getByText('Rescheduled', { exact: true })).toBeVisible()
      const rescheduled = (await service(page, 'GET', `/events/${id}`)).data
      expect(minutesFromNow(clock, rescheduled.next_Scheduled_Date)).toBeGreaterThan(0)

      // An event without a schedule offers no Reschedule (the service would refuse it).
      const plain = await createEvent(page)
      await page.goto(`/events/${plain.event_ID}`)
      await expect(page.getByText('No schedule: this event does not repeat.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0)
    },
  )

  test('marks an event complete, and Undo puts it back', async ({ page, clock }) => {
    const event = await createEvent(page, { completion_Percent: 40, status: 'In progress' })
    await page.goto(`/events/${event.event_ID}`)
    await page.getByRole('button', { name: 'Mark complete' }).click()
    await expect(page.getByText('Marked complete')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Completed on/ })).toBeVisible()
    let { data } = await service(page, 'GET', `/events/${event.event_ID}`)
    expect(data).toMatchObject({ status: 'Completed', completion_Percent: 100 })
    expect(minutesFromNow(clock, data.completion_Date)).toBeGreaterThan(-2)

    await page
      .getByRole('alertdialog', { name: 'Marked complete' })
      .getByRole('button', { name: 'Undo' })
      .click()
    await expect(page.getByText('Completion undone')).toBeVisible()
    ;({ data } = await service(page, 'GET', `/events/${event.event_ID}`))
    expect(data).toMatchObject({
      status: 'In progress',
      completion_Percent: 40,
      completion_Date: null,
    })
    await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible()
  })

  test('an event ID that is not a number, or not known, shows not found', async ({ page }) => {
    await page.goto('/events/abc')
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible()
    await expect(page.getByText('“abc” is not an event ID')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.goto('/events/12abc/edit')
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible()
    await page.goto('/events/2147483000')
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible()
    await expect(page.getByText('There is no event 2147483000')).toBeVisible()
  })
})
