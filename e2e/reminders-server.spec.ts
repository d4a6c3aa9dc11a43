import type { Page } from '@playwright/test'
import {
  createEvent,
  expect,
  minutesFromNow,
  service,
  serviceDate,
  signIn,
  test,
  type ServiceEvent,
} from './fixtures'

/*
 * The bell when the console's server answers the views (`EVENT_INDEX=server`): it asks the server
 * for the user's due reminders alone, and no tab reads the user's events from the service.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Reminders/ })

test.describe('the bell, answered by the console server @scoped', () => {
  test('counts what the service says is due, oldest first, and a snooze takes one off', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'staff')
    const oldest = await createEvent(page, {
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, -60 * 24 * 400),
    })
    // What is due, by the service's own list of the user's active events and its clock.
    const mine = (await service<ServiceEvent[]>(page, 'GET', '/users/staff/events')).data
    const due = mine.filter(
      (e) =>
        e.reminder === true &&
        (e.status ?? '').trim().toLowerCase() !== 'completed' &&
        minutesFromNow(clock, e.next_Scheduled_Date) <= 0,
    )
    expect(due.length).toBeGreaterThan(0)
    // On the events list (My events reads the user's events itself).
    const userEventReads: string[] = []
    page.on('request', (r) => {
      if (/\/api\/users\/[^/]+\/events/.test(r.url())) userEventReads.push(r.url())
    })
    await page.goto('/events')
    await expect(bell(page)).toHaveAttribute('aria-label', `Reminders, ${due.length} due`)
    await bell(page).click()
    const panel = page.getByRole('dialog', { name: 'Reminders' })
    const items = panel.getByRole('listitem')
    await expect(items).toHaveCount(due.length)
    await expect(items.first()).toContainText(oldest.subject)
    await items.first().getByRole('button', { name: 'Snooze 15 minutes' }).click()
    await expect(bell(page)).toHaveAttribute(
      'aria-label',
      `Reminders, ${due.length - 1 || 'none'} due`,
    )
    await expect(panel.getByText(oldest.subject)).toHaveCount(0)
    // The bell asked the server, never the service, for the user's events.
    expect(userEventReads).toEqual([])
  })
})
