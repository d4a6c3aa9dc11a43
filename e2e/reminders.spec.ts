import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  createEvent,
  expect,
  minutesFromNow,
  service,
  serviceDate,
  signIn,
  test,
  type ServiceClock,
} from './fixtures'

/** A reminder of the signed-in staff user, due since `minutesAgo`. */
function createReminder(page: Page, clock: ServiceClock, minutesAgo = 10) {
  return createEvent(page, { reminder: true, next_Scheduled_Date: serviceDate(clock, -minutesAgo) })
}

/** The Undo of the toast with this title. */
const undo = (page: Page, toast: string) =>
  page.getByRole('alertdialog', { name: toast }).getByRole('button', { name: 'Undo' })

const bell = (page: Page) => page.getByRole('button', { name: /^Reminders/ })

/** The count the bell announces ("Reminders, 3 due"). */
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? ''
  const m = /Reminders, (\d+|none) due/.exec(label)
  if (!m) throw new Error(`Unexpected bell label: ${label}`)
  return m[1] === 'none' ? 0 : Number(m[1])
}

async function openPanel(page: Page) {
  await bell(page).click()
  const panel = page.getByRole('dialog', { name: 'Reminders' })
  await expect(panel).toBeVisible()
  return panel
}

test.describe('reminders', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test(
    'the bell counts due reminders and a snooze takes one off at once',
    { tag: '@dates' },
    async ({ page, clock }) => {
      const reminder = await createReminder(page, clock, 60 * 24 * 400) // the oldest of them all
      await page.reload()
      await expect(bell(page)).toHaveAttribute('aria-label', /Reminders, \d+ due/)
      const before = await bellCount(page)
      expect(before).toBeGreaterThan(0)
      await expect(page).toHaveTitle(`(${before}) My events — Benefits Admin Console`)

      const panel = await openPanel(page)
      await expectNoSeriousA11yViolations(page)
      const items = panel.getByRole('listitem')
      await expect(items).toHaveCount(before)
      await expect(items.first()).toContainText(reminder.subject) // oldest first
      await items.first().getByRole('button', { name: 'Snooze 15 minutes' }).click()

      await expect(bell(page)).toHaveAttribute(
        'aria-label',
        `Reminders, ${before - 1 || 'none'} due`,
      )
      await expect(panel.getByText(reminder.subject)).toHaveCount(0)
      await expect(page.getByRole('alertdialog', { name: 'Snoozed for 15 minutes' })).toBeVisible()
      await expect(page).toHaveTitle(
        before - 1 > 0
          ? `(${before - 1}) My events — Benefits Admin Console`
          : 'My events — Benefits Admin Console',
      )
      const snoozed = (await service(page, 'GET', `/events/${reminder.event_ID}`)).data
      expect(minutesFromNow(clock, snoozed.next_Scheduled_Date)).toBeGreaterThan(13)

      // Undo sends the previous next reminder back at once: the reminder is due again.
      await undo(page, 'Snoozed for 15 minutes').click()
      await expect(page.getByText('Snooze undone')).toBeVisible()
      await expect(bell(page)).toHaveAttribute('aria-label', `Reminders, ${before} due`)
      const restored = (await service(page, 'GET', `/events/${reminder.event_ID}`)).data
      expect(restored.next_Scheduled_Date).toBe(reminder.next_Scheduled_Date)
    },
  )

  test('a snoozed reminder comes back when the service refuses', async ({ page, clock }) => {
    const reminder = await createReminder(page, clock, 60 * 24 * 401)
    await page.reload()
    const panel = await openPanel(page)
    await expect(panel.getByText(reminder.subject)).toBeVisible()
    const before = await bellCount(page)
    // The service refuses, but only once the test has seen the reminder leave.
    let refuse: () => void = () => undefined
    const refused = new Promise<void>((resolve) => (refuse = resolve))
    await page.route('**/api/events/*/snooze*', async (route) => {
      await refused
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          error: { title: 'Conflict', status: 409, detail: 'The event is locked by another user.' },
          debug: { activityID: 'e2e' },
        }),
      })
    })
    const item = panel.getByRole('listitem').filter({ hasText: reminder.subject })
    await item.getByRole('button', { name: 'Snooze 15 minutes' }).click()
    // Gone at once (optimistic), back when the service says no.
    await expect(panel.getByText(reminder.subject)).toHaveCount(0)
    await expect(bell(page)).toHaveAttribute('aria-label', `Reminders, ${before - 1 || 'none'} due`)
    refuse()
    await expect(page.getByText('Could not snooze')).toBeVisible()
    await expect(page.getByText('The event is locked by another user.')).toBeVisible()
    await expect(panel.getByText(reminder.subject)).toBeVisible()
    await expect(bell(page)).toHaveAttribute('aria-label', `Reminders, ${before} due`)
    // The error belongs to this page: it does not follow the user to the next one.
    await page.keyboard.press('Escape')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Look up' })
      .click()
    await expect(page.getByRole('heading', { name: 'Find an auth' })).toBeVisible()
    await expect(page.getByText('Could not snooze')).toHaveCount(0)
  })

  test('snoozes for another duration, opens and completes from the panel', async ({
    page,
    clock,
  }) => {
    const first = await createReminder(page, clock, 60 * 24 * 402)
    const second = await createReminder(page, clock, 60 * 24 * 403)
    await page.reload()
    let panel = await openPanel(page)
    const before = await bellCount(page)

    // Another duration from the menu (keyboard: Enter opens it, arrows pick).
    const secondItem = panel.getByRole('listitem').filter({ hasText: second.subject })
    await secondItem.getByRole('button', { name: 'Other snooze durations' }).click()
    await page.getByRole('menuitem', { name: '1 day' }).click()
    await expect(page.getByText('Snoozed for 1 day')).toBeVisible()
    await expect(bell(page)).toHaveAttribute('aria-label', `Reminders, ${before - 1} due`)
    const snoozed = (await service(page, 'GET', `/events/${second.event_ID}`)).data
    expect(minutesFromNow(clock, snoozed.next_Scheduled_Date)).toBeGreaterThan(24 * 60 - 2)

    // Mark complete leaves the list; Undo brings it back.
    const firstItem = panel.getByRole('listitem').filter({ hasText: first.subject })
    await firstItem.getByRole('button', { name: 'Mark complete' }).click()
    await expect(page.getByText('Marked complete')).toBeVisible()
    await expect(panel.getByText(first.subject)).toHaveCount(0)
    expect((await service(page, 'GET', `/events/${first.event_ID}`)).data.status).toBe('Completed')
    await undo(page, 'Marked complete').click()
    await expect(page.getByText('Completion undone')).toBeVisible()
    await expect(panel.getByText(first.subject)).toBeVisible()
    expect(
      (await service(page, 'GET', `/events/${first.event_ID}`)).data.completion_Date,
    ).toBeNull()

    // Open goes to the event and closes the panel.
    panel = page.getByRole('dialog', { name: 'Reminders' })
    await panel
      .getByRole('listitem')
      .filter({ hasText: first.subject })
      .getByRole('link', { name: 'Open' })
      .click()
    await expect(page.getByRole('heading', { name: first.subject, level: 1 })).toBeVisible()
    await expect(panel).toBeHidden()
  })

  test('the panel works from the keyboard', async ({ page, clock }) => {
    const reminder = await createReminder(page, clock, 60 * 24 * 404)
    await page.reload()
    await bell(page).focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Reminders' })
    await expect(panel).toBeVisible()
    const item = panel.getByRole('listitem').filter({ hasText: reminder.subject })
    await item.getByRole('button', { name: 'Other snooze durations' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menu')).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page.getByText(/^Snoozed for/)).toBeVisible()
    // Focus stays in the panel after the reminder left it.
    await expect(panel.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(bell(page)).toBeFocused()
  })

  test('desktop notifications are asked for only when turned on', async ({ page, context }) => {
    await page.goto('/events/mine')
    const panel = await openPanel(page)
    const toggle = panel.getByRole('switch', { name: 'Desktop notifications' })
    await expect(toggle).not.toBeChecked()
    await context.grantPermissions(['notifications'])
    await toggle.check()
    await expect(page.getByText('Desktop notifications on for this tab')).toBeVisible()
    await expect(toggle).toBeChecked()
    expect(await page.evaluate(() => sessionStorage.getItem('bac.reminders.desktop'))).toBe('on')
    await toggle.uncheck()
    expect(await page.evaluate(() => sessionStorage.getItem('bac.reminders.desktop'))).toBeNull()
  })
})
