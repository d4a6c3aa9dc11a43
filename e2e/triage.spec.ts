import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, minutesFromNow, service, serviceText, signIn, test } from './fixtures'

test.describe('keyboard triage', () => {
  test('My events: j/k and arrows move, c completes, s snoozes, focus goes to the next event, ? lists the keys, Enter opens', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    // Three urgent events overdue since long ago: the first three of Overdue (by importance,
    // then oldest first), one after the other.
    const at = (minutes: number) => serviceText(new Date(2000, 0, 4, 9, minutes))
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
    await expect(groups.nth(0)).toContainText('Later today')
    await expect(groups.nth(1)).toContainText('Overdue')
    // Then what no one in the user's groups has claimed, then the rest.
    await expect(groups.nth(2)).toContainText('Unclaimed in my groups')
    await expect(groups.nth(3)).toContainText('Upcoming')
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

    // s: the snooze choices, the default first; 1 picks it. Focus moves on.
    await page.keyboard.press('s')
    const choices = page.getByRole('dialog', { name: /^Snooze/ })
    await expect(choices.getByRole('button').first()).toContainText('15 minutes')
    await page.keyboard.press('1')
    await expect(choices).toBeHidden()
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
    // A dialog of text alone holds focus too: Tab never leaves it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await help.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
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

  test('My events: each row has one actions menu; snooze, complete and open through it by keyboard alone', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'staff')
    // Two urgent events long overdue, with a reminder long due (so a snooze moves it).
    const at = (minutes: number) => serviceText(new Date(2000, 0, 2, 9, minutes))
    const a = await createEvent(page, {
      priority: 'URGENT',
      due_Date: at(0),
      reminder: true,
      next_Scheduled_Date: at(0),
    })
    const b = await createEvent(page, {
      priority: 'URGENT',
      due_Date: at(1),
      reminder: true,
      next_Scheduled_Date: at(1),
    })
    const link = (e: { subject: string }) =>
      page.getByRole('link', { name: e.subject, exact: true })
    const row = (e: { subject: string }) => page.getByRole('listitem').filter({ has: link(e) })
    const stored = async (e: { event_ID: number }) =>
      (await service(page, 'GET', `/events/${e.event_ID}`)).data

    await page.goto('/events/mine')
    await expect(link(a)).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Group queue' }).getByRole('status'),
    ).toContainText('unclaimed')
    // One compact control per row, named after its event; no buttons repeated on every row.
    const main = page.getByRole('main')
    await expect(row(a).getByRole('button')).toHaveCount(1)
    const actions = row(a).getByRole('button', { name: `Actions for ${a.subject}`, exact: true })
    await expect(actions).toBeVisible()
    await expect(main.getByRole('button', { name: /Mark complete/ })).toHaveCount(0)
    await expect(main.getByRole('button', { name: /^Snooze(?!d)/ })).toHaveCount(0)
    const rows = await main.locator('[data-triage-id]:visible').count()
    expect(rows).toBeGreaterThan(2)
    await expect(main.getByRole('button', { name: /^Actions for / })).toHaveCount(rows)

    // Tab from the event's link reaches its menu; Enter opens it on the default snooze.
    await link(a).focus()
    await page.keyboard.press('Tab')
    await expect(actions).toBeFocused()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: `Actions for ${a.subject}` })
    await expect(menu).toBeVisible()
    const items = menu.getByRole('menuitem')
    await expect(items.first()).toHaveAccessibleName(/^15 minutes/)
    await expect(items.first()).toBeFocused()
    await expect(menu.getByRole('menuitem', { name: 'Mark complete' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Snooze for 1 hour: the service's next reminder is an hour from now.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: '1 hour' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()
    await expect(page.getByText('Snoozed for 1 hour')).toBeVisible()
    const snoozed = await stored(a)
    expect(minutesFromNow(clock, snoozed.next_Scheduled_Date)).toBeGreaterThan(58)
    expect(minutesFromNow(clock, snoozed.next_Scheduled_Date)).toBeLessThan(61)
    expect(snoozed.status).toBe('Open')

    // Snoozed, it leaves Overdue for Snoozed; the work goes on with the next event.
    await expect(
      page.getByRole('region', { name: /^Snoozed/ }).getByRole('link', { name: a.subject }),
    ).toBeVisible()
    await expect(link(b)).toBeFocused()

    // Mark complete from the next event's menu completes it on the service; the row leaves.
    const actionsB = row(b).getByRole('button', { name: `Actions for ${b.subject}`, exact: true })
    await page.keyboard.press('Tab')
    await expect(actionsB).toBeFocused()
    await page.keyboard.press('Enter')
    const menuB = page.getByRole('menu', { name: `Actions for ${b.subject}` })
    await expect(menuB).toBeVisible()
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(menuB.getByRole('menuitem', { name: 'Mark complete' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await stored(b)).status).toBe('Completed')
    expect((await stored(b)).completion_Percent).toBe(100)
    await expect(link(b)).toHaveCount(0)
    expect((await stored(a)).status).toBe('Open')

    // Open, from the snoozed event's menu.
    await link(a).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowUp')
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${a.event_ID}$`))
  })

  test("the actions menu's code loads on first intent; a click before it arrives still opens the menu", async ({
    page,
  }) => {
    // The menu's code (React Aria) is held back for a second, as on a slow network.
    const menuCode: string[] = []
    await page.route(/\/assets\/row-actions-menu-[^/]*\.js$/, async (route) => {
      menuCode.push(route.request().url())
      await new Promise((r) => setTimeout(r, 1000))
      await route.continue()
    })
    await signIn(page, 'staff')
    const event = await createEvent(page, {
      priority: 'URGENT',
      due_Date: serviceText(new Date(2016, 0, 3, 9, 0)),
    })
    await page.goto('/events/mine')
    const actions = page.getByRole('button', { name: `Actions for ${event.subject}`, exact: true })
    await expect(actions).toBeVisible()
    // Nothing asked for it yet: the page showed without it.
    expect(menuCode).toEqual([])

    await actions.click()
    const menu = page.getByRole('menu', { name: `Actions for ${event.subject}` })
    await expect(menu).toBeVisible()
    expect(menuCode).toHaveLength(1)
    await expect(menu.getByRole('menuitem', { name: 'Mark complete' })).toBeVisible()
    // Escape closes it and gives focus back to the (real) button.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(actions).toBeFocused()
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
    // x ticks the focused row; Shift+X extends the selection to another.
    const tick = (e: { subject: string }) =>
      page
        .getByRole('row')
        .filter({ has: link(e) })
        .getByRole('checkbox')
    await page.keyboard.press('x')
    await expect(tick(second)).toBeChecked()
    await page.keyboard.press('j')
    await page.keyboard.press('Shift+X')
    await expect(tick(first)).toBeChecked()
    await expect(page.getByText(/^2 selected/)).toBeVisible()
    await page.keyboard.press('x')
    await expect(tick(first)).not.toBeChecked()
    await page.keyboard.press('k')
    await page.keyboard.press('c')
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${second.event_ID}`)).data.status)
      .toBe('Completed')
  })

  test('a digit pressed as the snooze choices open snoozes once, and Undo puts it back', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const at = serviceText(new Date(2000, 0, 5, 9, 0))
    const event = await createEvent(page, {
      priority: 'URGENT',
      due_Date: at,
      reminder: true,
      next_Scheduled_Date: at,
    })
    // The durations arrive late (a slow service): the choices open with the default alone,
    // and the whole list comes after the digit was pressed.
    await page.route('**/api/snoozes**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await route.continue()
    })
    const snoozes: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/snooze(\?|$)/.test(r.url())) snoozes.push(r.url())
    })
    await page.goto('/events/mine')
    const link = page.getByRole('link', { name: event.subject, exact: true })
    await link.focus()
    await page.keyboard.press('s')
    await page.keyboard.press('1')
    await expect
      .poll(
        async () =>
          (await service(page, 'GET', `/events/${event.event_ID}`)).data.next_Scheduled_Date,
      )
      .not.toBe(event.next_Scheduled_Date)
    // The durations have come, and nothing more was sent.
    await page.waitForTimeout(3500)
    expect(snoozes).toHaveLength(1)
    await page.keyboard.press('ControlOrMeta+z')
    await expect
      .poll(
        async () =>
          (await service(page, 'GET', `/events/${event.event_ID}`)).data.next_Scheduled_Date,
      )
      .toBe(event.next_Scheduled_Date)
  })
})
