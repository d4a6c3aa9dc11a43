// What an event means, as users saw it go wrong: each view checked against the service's stored
// record (issue "One model of the work").
import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, service, serviceDate, signIn, test } from './fixtures'

test.describe('one model of the work', () => {
  test('s on an overdue event with its reminder off: Snoozed until its time, the reminder on, then back with the bell', async ({
    page,
    clock,
  }) => {
    await page.clock.install({ time: clock.now() })
    await signIn(page, 'staff')
    const late = await createEvent(page, {
      subject: `Snooze me ${Date.now()}`,
      priority: 'URGENT',
      due_Date: serviceDate(clock, -24 * 60),
      reminder: false,
      next_Scheduled_Date: null,
    })
    await page.goto('/events/mine')
    const overdue = page.getByRole('region', { name: /^Overdue/ })
    const link = page.getByRole('link', { name: late.subject, exact: true })
    await expect(overdue.getByRole('link', { name: late.subject })).toBeVisible()
    await link.focus()
    await page.keyboard.press('s')
    await page.keyboard.press('1')

    // The service turned the reminder on at the snooze's end.
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${late.event_ID}`)).data.reminder)
      .toBe(true)
    const stored = (await service(page, 'GET', `/events/${late.event_ID}`)).data
    const until = stored.next_Scheduled_Date!.slice(11, 16)
    // It left Overdue for Snoozed, which says until when.
    const snoozed = page.getByRole('region', { name: /^Snoozed/ })
    await expect(snoozed.getByRole('listitem').filter({ hasText: late.subject })).toContainText(
      `Snoozed until`,
    )
    await expect(snoozed).toContainText(until)
    await expect(overdue.getByRole('link', { name: late.subject })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)

    // The time comes (the user is at the desk): back in Overdue, and the bell rings for it.
    for (let i = 0; i < 4; i++) {
      await page.clock.fastForward('04:00')
      await page.mouse.move(10 + i, 10)
    }
    await expect(overdue.getByRole('link', { name: late.subject })).toBeVisible()
    await expect(snoozed.getByRole('link', { name: late.subject })).toHaveCount(0)
    await page.getByRole('button', { name: /^Reminders/ }).click()
    await expect(page.getByRole('dialog', { name: 'Reminders' })).toContainText(late.subject)
  })

  test('the agenda and the week show a task at its due time, not as an all-day bar from its old start', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'staff')
    const now = clock.now()
    const due = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 15, 30)
    const pad = (n: number) => String(n).padStart(2, '0')
    const text = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`
    const task = await createEvent(page, {
      subject: `Old start ${Date.now()}`,
      start_Date: text(new Date(due.getTime() - 17 * 86_400_000)),
      end_Date: text(due),
      due_Date: text(due),
    })
    await page.goto('/events/calendar?view=agenda')
    const entries = page.getByRole('button', { name: new RegExp(task.subject) })
    await expect(entries).toHaveCount(1)
    await expect(entries.first()).toHaveAccessibleName(/15:30/)
    await expect(entries.first()).not.toHaveAccessibleName(/all day/i)
  })

  test('a completed event shows no next reminder in the list, as on its page', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'staff')
    const done = await createEvent(page, {
      subject: `Finished ${Date.now()}`,
      status: 'Completed',
      completion_Date: serviceDate(clock, -60),
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, 120),
    })
    const stored = (await service(page, 'GET', `/events/${done.event_ID}`)).data
    expect(stored.next_Scheduled_Date).toBeTruthy()
    await page.goto('/events?completed=done')
    await page.getByRole('searchbox').first().fill(done.subject)
    const row = page.getByRole('row').filter({ hasText: done.subject })
    await expect(row).toContainText('None (completed)')
    await page.getByRole('link', { name: done.subject }).click()
    await expect(page.getByText('None (completed)')).toBeVisible()
  })

  test('the event form refuses an end or a due date before the start; nothing is sent', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/events/new')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/events')) posts.push(r.url())
    })
    await page.getByLabel('Subject', { exact: true }).fill(`Reversed ${Date.now()}`)
    await page.getByLabel('Starts').fill('2026-12-10T09:00')
    await page.getByLabel('Ends').fill('2026-12-01T09:00')
    await page.getByLabel('Due', { exact: true }).fill('2026-12-05T09:00')
    await page.getByRole('button', { name: 'Create event' }).click()
    await expect(page.getByText('Must not be before the start').first()).toBeVisible()
    await expect(page.getByLabel('Ends')).toHaveAccessibleDescription(/before the start/)
    await expect(page.getByLabel('Due', { exact: true })).toHaveAccessibleDescription(
      /before the start/,
    )
    expect(posts).toEqual([])
  })

  test('a status no event has is saved only after the user confirms it is new', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page, { subject: `Status check ${Date.now()}` })
    await page.goto(`/events/${event.event_ID}/edit`)
    await page.getByLabel('Status').fill('Done')
    await page.getByRole('button', { name: /^Save/ }).click()
    const ask = page.getByRole('alertdialog', { name: 'Add a new status?' })
    await expect(ask).toContainText('No event has the status “Done” yet')
    await expect(ask).toContainText('Completed')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByLabel('Status')).toBeFocused()
    expect((await service(page, 'GET', `/events/${event.event_ID}`)).data.status).toBe('Open')

    // A known value in another case is taken as the known one, without asking.
    await page.getByLabel('Status').fill('completed')
    await page.getByLabel('Status').press('Tab')
    await expect(page.getByLabel('Status')).toHaveValue('Completed')

    await page.getByLabel('Status').fill('Escalated to medical director')
    await page.getByRole('button', { name: /^Save/ }).click()
    await page
      .getByRole('alertdialog', { name: 'Add a new status?' })
      .getByRole('button', { name: 'Add “Escalated to medical director”' })
      .click()
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${event.event_ID}`)).data.status)
      .toBe('Escalated to medical director')
  })
})
