// Work as a team: group queues, claiming and triage from the keyboard, checked against the
// service's stored records.
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  callService,
  createEvent,
  everyEvent,
  expect,
  service,
  sessionToken,
  signIn,
  test,
  trackBearerTokens,
  type ServiceClock,
  type ServiceEvent,
} from './fixtures'

/** A group-only event (no user) of a group staff belongs to (1: Utilization review). */
async function groupEvent(page: Page, subject: string, dueMinutes = -60) {
  const due = new Date(Date.now() + dueMinutes * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return createEvent(page, {
    subject,
    user_ID: null,
    userGroup_Key: 1,
    priority: 'URGENT',
    due_Date: `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(due.getHours())}:${pad(due.getMinutes())}:00`,
  })
}

/**
 * Staff's groups' unclaimed open events and how many are overdue, as the service holds them:
 * overdue is due before now and not snoozed (a reminder that rings later), as the README says.
 */
function queueOracle(events: ServiceEvent[], clock: ServiceClock, groups: number[]) {
  const now = clock.now().getTime()
  const at = (text: string | null | undefined) => (text ? new Date(text).getTime() : NaN)
  const open = events.filter(
    (e) =>
      !e.user_ID &&
      e.userGroup_Key != null &&
      groups.includes(e.userGroup_Key) &&
      (e.status ?? '').trim().toLowerCase() !== 'completed' &&
      !e.completion_Date,
  )
  const overdue = open.filter(
    (e) => at(e.due_Date) < now && !(e.reminder === true && at(e.next_Scheduled_Date) > now),
  )
  return { unclaimed: open.length, overdue: overdue.length }
}

test('the group queue counts all of its unclaimed and overdue, never a page, snoozed not overdue', async ({
  page,
  clock,
}) => {
  await signIn(page, 'staff')
  // One overdue but snoozed: it must not count as overdue.
  const snoozedUntil = new Date(clock.now().getTime() + 3 * 3_600_000)
  const made = await groupEvent(page, `Snoozed unclaimed ${Date.now()}`, -300)
  const pad = (n: number) => String(n).padStart(2, '0')
  const next = `${snoozedUntil.getFullYear()}-${pad(snoozedUntil.getMonth() + 1)}-${pad(snoozedUntil.getDate())}T${pad(snoozedUntil.getHours())}:${pad(snoozedUntil.getMinutes())}:00`
  expect(
    (
      await service(page, 'PUT', `/events/${made.event_ID}`, {
        ...made,
        reminder: true,
        next_Scheduled_Date: next,
      })
    ).status,
  ).toBe(200)
  const expected = queueOracle(await everyEvent(page), clock, [1, 3])
  await page.goto('/events/mine')
  const queue = page.getByRole('region', { name: 'Group queue' })
  const fmt = (n: number) => n.toLocaleString('en-GB')
  await expect(queue.getByRole('status')).toHaveText(
    `${fmt(expected.unclaimed)} unclaimed in Utilization review, Member services${expected.overdue ? ` · ${fmt(expected.overdue)} overdue` : ''}`,
    { timeout: 20_000 },
  )
  // The group's heading gives the total, never a page's size.
  const heading = queue.getByRole('button', { name: /Unclaimed in my groups/ })
  await expect(heading).toContainText(fmt(expected.unclaimed))
  if (expected.unclaimed > 200)
    await expect(
      queue.getByRole('button', { name: `Show the first 200 of ${fmt(expected.unclaimed)}` }),
    ).toBeVisible()
})

test.describe('working a shared queue', () => {
  test('a group-only event is in a group member’s queue; Assign to me stores user_ID', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const made = await groupEvent(page, `Unclaimed ${Date.now()}`)
    await page.goto('/events/mine')
    const queue = page.getByRole('region', { name: 'Group queue' })
    await expect(queue.getByRole('status')).toContainText(/unclaimed in Utilization review/)
    const row = queue.getByRole('listitem').filter({ hasText: made.subject })
    await expect(row).toContainText('Utilization review')
    await expectNoSeriousA11yViolations(page)

    await row.getByRole('button', { name: `Actions for ${made.subject}` }).click()
    await page.getByRole('menuitem', { name: 'Assign to me' }).click()
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${made.event_ID}`)).data.user_ID)
      .toBe('staff')
    const stored = (await service(page, 'GET', `/events/${made.event_ID}`)).data
    expect(stored.userGroup_Key).toBe(1)
    // It is staff's now: out of the group queue, into their own work.
    await expect(queue.getByRole('link', { name: made.subject })).toHaveCount(0)
    await expect(
      page.getByRole('region', { name: /^Overdue/ }).getByRole('link', { name: made.subject }),
    ).toBeVisible()
  })

  // Without the console server, staff's page does not know of the other claim until it tries.
  test('two people claim the same event: one owns it, the other is told who has it @direct', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'staff')
    const made = await groupEvent(page, `Contested ${Date.now()}`, -600)
    // Support (also of group 1) in another browser sees it unclaimed too.
    const context = await browser.newContext({ locale: 'en-GB' })
    trackBearerTokens(context)
    const other = await context.newPage()
    await signIn(other, 'support')
    await other.goto('/events/mine')
    await page.goto('/events/mine')
    const theirRow = other
      .getByRole('region', { name: 'Group queue' })
      .getByRole('listitem')
      .filter({ hasText: made.subject })
    const myRow = page
      .getByRole('region', { name: 'Group queue' })
      .getByRole('listitem')
      .filter({ hasText: made.subject })
    await expect(theirRow).toBeVisible()
    await expect(myRow).toBeVisible()

    // Support claims first (through the service, as another client would).
    const supportToken = await sessionToken(other)
    const current = (await service(page, 'GET', `/events/${made.event_ID}`)).data
    const won = await callService(other, 'PUT', `/events/${made.event_ID}`, supportToken, 'demo', {
      ...current,
      user_ID: 'support',
    })
    expect(won.status).toBe(200)

    // Staff's page still shows it unclaimed; staff's claim is refused and says who has it.
    await myRow.getByRole('button', { name: `Actions for ${made.subject}` }).click()
    await page.getByRole('menuitem', { name: 'Assign to me' }).click()
    await expect(page.getByText('Pat Support has it')).toBeVisible()
    await expect(page.getByText(/was taken by Pat Support first/)).toBeVisible()
    expect((await service(page, 'GET', `/events/${made.event_ID}`)).data.user_ID).toBe('support')
    await context.close()
  })

  test("with the console server, another's claim leaves my group queue within 2 s", async ({
    page,
    browser,
  }) => {
    await signIn(page, 'staff')
    const made = await groupEvent(page, `Contested ${Date.now()}`, -600)
    const context = await browser.newContext({ locale: 'en-GB' })
    trackBearerTokens(context)
    const other = await context.newPage()
    await signIn(other, 'support')
    await page.goto('/events/mine')
    const myRow = page
      .getByRole('region', { name: 'Group queue' })
      .getByRole('listitem')
      .filter({ hasText: made.subject })
    await expect(myRow).toBeVisible()
    const current = (await service(page, 'GET', `/events/${made.event_ID}`)).data
    const won = await callService(
      other,
      'PUT',
      `/events/${made.event_ID}`,
      await sessionToken(other),
      'demo',
      { ...current, user_ID: 'support' },
    )
    expect(won.status).toBe(200)
    await expect(myRow).toHaveCount(0, { timeout: 2_000 })
    await context.close()
  })

  test('Take next claims the most pressing unclaimed event and opens it', async ({ page }) => {
    await signIn(page, 'staff')
    // Due long ago and urgent: the most pressing of the group's queue.
    const first = await groupEvent(page, `Most pressing ${Date.now()}`, -60 * 24 * 365 * 20)
    await page.goto('/events/mine')
    await page.getByRole('button', { name: 'Take next' }).click()
    await expect(page).toHaveURL(new RegExp(`/events/${first.event_ID}$`))
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${first.event_ID}`)).data.user_ID)
      .toBe('staff')
  })

  test('triage from page load: j focuses the first event, a assigns, e edits', async ({ page }) => {
    await signIn(page, 'staff')
    const own = await createEvent(page, {
      subject: `Mine first ${Date.now()}`,
      priority: 'URGENT',
      due_Date: '2016-01-01T09:00:00',
    })
    const unclaimed = await groupEvent(page, `Press a ${Date.now()}`, -60 * 24 * 365 * 19)
    await page.goto('/events/mine')
    await expect(page.getByRole('link', { name: own.subject })).toBeVisible()
    // Nothing focused yet: j focuses the first event of the page.
    await page.keyboard.press('j')
    await expect(page.locator(':focus')).toHaveAttribute('data-triage-focus', '')
    // Down to the unclaimed one, then a: assigned on the service.
    const link = page.getByRole('link', { name: unclaimed.subject, exact: true })
    for (let i = 0; i < 60 && !(await link.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('j')
    await expect(link).toBeFocused()
    await page.keyboard.press('a')
    await expect
      .poll(async () => (await service(page, 'GET', `/events/${unclaimed.event_ID}`)).data.user_ID)
      .toBe('staff')
    // e edits the focused event.
    await page.getByRole('link', { name: own.subject, exact: true }).focus()
    await page.keyboard.press('e')
    await expect(page).toHaveURL(new RegExp(`/events/${own.event_ID}/edit$`))
  })
})

test.describe('the team', () => {
  test('search everywhere finds a person by name and opens their queue', async ({ page }) => {
    await signIn(page, 'staff')
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    const box = palette.getByRole('combobox', { name: 'Search events, auths and pages' })
    await box.fill('julia mar')
    const person = palette.getByRole('option', { name: /^Julia Martinez’s events/ })
    await expect(person).toBeVisible()
    await expect(palette.getByRole('group', { name: 'People' })).toBeVisible()
    // A part of a name that is no one's: no person is offered.
    await box.fill('julia zz')
    await expect(palette.getByRole('group', { name: 'People' })).toHaveCount(0)
    await box.fill('Julia Martinez')
    await expect(person).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/events\/mine\/jmartinez$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Julia Martinez')
  })

  test('load per person and per group agrees with the service; a person opens their queue', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    // The service's events, counted apart from the console: open work per user and group 1.
    const all: {
      user_ID?: string | null
      userGroup_Key?: number | null
      status?: string | null
      completion_Date?: string | null
    }[] = []
    for (let p = 1; ; p++) {
      const { data } = await service<typeof all>(
        page,
        'GET',
        `/events?page=${p}&pageSize=1000&sortBy=event_ID:asc`,
      )
      all.push(...data)
      if (data.length < 1000) break
    }
    const open = all.filter((e) => !e.completion_Date && e.status !== 'Completed')
    const openOf = (user: string) => open.filter((e) => e.user_ID === user).length
    const unclaimed1 = open.filter((e) => e.userGroup_Key === 1 && !e.user_ID).length

    await page.goto('/events/team')
    const people = page.getByRole('table', { name: 'People' })
    const staffRow = people.getByRole('row').filter({ hasText: 'Sam Staff' })
    await expect(staffRow.getByRole('cell').first()).toHaveText(
      openOf('staff').toLocaleString('en-GB'),
    )
    const groups = page.getByRole('table', { name: 'User groups' })
    const review = groups.getByRole('row').filter({ hasText: 'Utilization review' })
    await expect(review.getByRole('cell').nth(1)).toHaveText(unclaimed1.toLocaleString('en-GB'))
    await expectNoSeriousA11yViolations(page)
    // From the keyboard, Hand over opens the list with focus in the page, not lost to the body.
    await staffRow.getByRole('link', { name: /^Hand over Sam Staff/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/events\?user=staff&completed=open/)
    await expect(page.locator('#main')).toBeFocused()
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement)),
    ).toBe(true)
    await page.goBack()
    await staffRow.getByRole('link', { name: 'Sam Staff', exact: true }).click()
    await expect(page).toHaveURL(/\/events\/mine\/staff$/)
    await expect(page.getByRole('heading', { name: 'Queue of Sam Staff' })).toBeVisible()
  })
})
