import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, service, serviceText, signIn, test } from './fixtures'

test.describe('keyboard triage', () => {
  test('My events: j/k and arrows move, c completes, s snoozes, focus goes to the next event, ? lists the keys, Enter opens', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    // Three urgent events overdue since long ago: the first three of Overdue (by importance,
    // then oldest first), one after the other.
    const at = (minutes: number) => serviceText(new Date(2016, 0, 4, 9, minutes))
    const made = []
    for (let i = 0; i < 3; i++)
      made.push(
        await createEvent(page, {
          priority: 'URGENT',
          due_Date: at(i),
          reminder: true,
          next_Scheduled_Date: at(i),
        }),
      )
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]]
    const link = (e: { subject: string }) =>
      page.getByRole('link', { name: e.subject, exact: true })

    await page.goto('/events/mine')
    // What to do now comes first, then what is late.
    const groups = page.getByRole('button', { expanded: true })
    await expect(groups.nth(0)).toContainText('Today')
    await expect(groups.nth(1)).toContainText('Overdue')
    await expect(groups.nth(2)).toContainText('Upcoming')
    const overdue = page.getByRole('region', { name: /^Overdue/ })
    await expect(overdue.getByRole('link').nth(0)).toHaveText(a.subject)
    await expect(overdue.getByRole('link').nth(1)).toHaveText(b.subject)

    await link(a).focus()
    await page.keyboard.press('j')
    await expect(link(b)).toBeFocused()
    await page.keyboard.press('k')
    await expect(link(a)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(link(b)).toBeFocused()

    // c: completed on the service, gone from the queue, and focus on the next event.
    await page.keyboard.press('c')
    await expect(link(c)).toBeFocused()
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${b.event_ID}`)).data.status)
      .toBe('Completed')
    await expect(link(b)).toHaveCount(0)
    await expect(link(c)).toBeFocused()

    // s: snoozed for the default 15 minutes, focus moves on.
    await page.keyboard.press('s')
    await expect(link(c)).not.toBeFocused()
    await expect(page.locator(':focus')).toHaveAttribute('data-triage-focus', '')
    await expect
      .poll(
        async () => (await service(page, 'GET', `/events/${c.event_ID}`)).data.next_Scheduled_Date,
      )
      .not.toBe(c.next_Scheduled_Date)

    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toContainText('Mark the event complete')
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()

    // A group folds away and comes back.
    const toggle = page.getByRole('button', { name: /^Overdue/ })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(link(a)).toBeHidden()
    await toggle.click()

    await link(a).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${a.event_ID}$`))
  })

  test('the list: j/k move between rows and c completes the focused event', async ({ page }) => {
    await signIn(page, 'staff')
    const first = await createEvent(page)
    const second = await createEvent(page)
    await page.goto('/events?sort=event_ID:desc')
    const link = (e: { subject: string }) =>
      page.getByRole('link', { name: e.subject, exact: true })
    await link(second).focus()
    await page.keyboard.press('j')
    await expect(link(first)).toBeFocused()
    await page.keyboard.press('k')
    await expect(link(second)).toBeFocused()
    await page.keyboard.press('c')
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${second.event_ID}`)).data.status)
      .toBe('Completed')
  })
})
