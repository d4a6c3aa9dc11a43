import type { Page } from '@playwright/test'
import { createEvent, expect, service, serviceDate, signIn, test } from './fixtures'

const APP = 'Benefits Admin Console'

/** The tab's title: the page's name, the console's, and the count of due reminders before them. */
const titled = (page: string) =>
  new RegExp(`^(\\(\\d+\\+?\\) )?${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — ${APP}$`)

async function expectTitle(page: Page, path: string, name: string) {
  await page.goto(path)
  await expect(page).toHaveTitle(titled(name))
}

test.describe('page titles', () => {
  test('every page names itself in the tab, and no record by its member data', async ({
    page,
    clock,
  }) => {
    // Sixteen full page loads, each signing the tab in again: 15 s here, 33 s on a busy CI machine.
    test.setTimeout(60_000)
    await page.goto('/sign-in')
    await expect(page).toHaveTitle(`Sign in — ${APP}`)
    await signIn(page, 'admin')
    await expect(page).toHaveTitle(titled('My events'))

    const event = await createEvent(page, { subject: 'Renewal for Jane Doe', priority: 'HIGH' })
    // A seeded auth: the first of the service's year, else of the year before.
    const yy = clock.now().getFullYear() % 100
    const seeded = [yy, yy - 1].map((y) => `${String(y).padStart(2, '0')}-000001`)
    let authNumber = seeded[1]!
    if ((await service(page, 'GET', `/auths/${seeded[0]}`)).status === 200) authNumber = seeded[0]!

    for (const [path, name] of [
      ['/events', 'Events'],
      ['/events/calendar', 'Calendar'],
      ['/events/new', 'New event'],
      [`/events/${event.event_ID}`, `Event ${event.event_ID}`],
      [`/events/${event.event_ID}/edit`, `Edit event ${event.event_ID}`],
      ['/events/mine/support', 'Queue of support'],
      ['/auths', 'Auths'],
      ['/auths/new', 'New auth'],
      ['/auths/import', 'Import auths'],
      [`/auths/${authNumber}`, `Auth ${authNumber}`],
      [`/auths/${authNumber}/edit`, `Edit auth ${authNumber}`],
      ['/admin/sessions', 'Sessions'],
      ['/admin/password-policy', 'Password policy'],
      ['/reference', 'Reference lists'],
      ['/no-such-page', 'Page not found'],
    ] as const)
      await expectTitle(page, path, name)

    // The subject may name a member: it is on the page, never in the title (nor the history).
    await page.goto(`/events/${event.event_ID}`)
    await expect(page.getByRole('heading', { name: 'Renewal for Jane Doe' })).toBeVisible()
    expect(await page.title()).not.toContain('Jane')
  })

  test("the count of due reminders stands before the page's title, and the lock hides both", async ({
    page,
    clock,
  }) => {
    await signIn(page, 'staff')
    await createEvent(page, {
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, -10),
    })
    await page.goto('/events')
    const bell = page.getByRole('button', { name: /^Reminders, \d+ due$/ })
    const due = /Reminders, (\d+) due/.exec((await bell.getAttribute('aria-label')) ?? '')![1]!
    const shown = Number(due) > 99 ? '99+' : due
    await expect(page).toHaveTitle(`(${shown}) Events — ${APP}`)
    await page.getByRole('link', { name: 'Calendar' }).first().click()
    await expect(page).toHaveTitle(`(${shown}) Calendar — ${APP}`)

    await page.keyboard.press('Control+Shift+L')
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible()
    await expect(page).toHaveTitle(`Locked — ${APP}`)
  })
})
