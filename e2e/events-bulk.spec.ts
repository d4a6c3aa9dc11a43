import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  createEvent,
  expect,
  service,
  serviceDate,
  signIn,
  test,
  type ServiceClock,
  type ServiceEvent,
  everyEvent,
} from './fixtures'

/** Every event of the database, through the API, as another client would read it. */
const serviceEvent = async (page: Page, id: number) =>
  (await service(page, 'GET', `/events/${id}`)).data

const fmt = (n: number) => n.toLocaleString('en-GB')
const total = (page: Page) => page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
/** Waits for the index to hold every event, then expects `count` matches. */
const expectCount = (page: Page, count: number, of: number) =>
  expect(total(page)).toHaveText(`${fmt(count)} of ${fmt(of)} events`, { timeout: 20_000 })

const pad = (n: number) => String(n).padStart(2, '0')
/** Tomorrow at 10:30 by the service's clock: a `datetime-local` value and the stored text. */
function tomorrowAt1030(clock: ServiceClock) {
  const d = clock.now()
  const t = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 10, 30)
  const input = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T10:30`
  return { input, stored: `${input}:00` }
}

const rowCheckbox = (page: Page, id: number) =>
  page.getByRole('checkbox', { name: new RegExp(`\\(event ${id}\\)$`) })

test.describe('the events list: many events at once, Undo, new filters', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test('selects every match over more than one page, changes them all, and Undo puts them back', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const word = `Bulk${Date.now()}`
    const made: ServiceEvent[] = []
    for (let i = 0; i < 30; i++)
      made.push(await createEvent(page, { subject: `Match ${i} ${word}`, priority: 'LOW' }))
    const ids = made.map((e) => e.event_ID)

    await page.goto('/events?cols=subject,priority')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 30, all.length)

    // The whole first page (25) ticked: the bar offers every match.
    await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
    const bar = page.getByRole('group', { name: 'Bulk actions for the selected events' })
    await expect(bar).toContainText('25 selected on this page —')
    await bar.getByRole('button', { name: 'Select all 30 matching' }).click()
    await expect(bar).toContainText('All 30 matching selected —')

    // The selection is IDs: the second page's rows are ticked too, and stay so when re-sorted.
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page.getByText(/^Page 2 of 2$/)).toBeVisible()
    const onSecond = await page
      .getByRole('table')
      .getByRole('checkbox', { name: /\(event \d+\)$/ })
      .all()
    expect(onSecond).toHaveLength(5)
    for (const box of onSecond) await expect(box).toBeChecked()
    await page
      .getByRole('columnheader', { name: /^Subject/ })
      .getByRole('button')
      .click()
    await expect(rowCheckbox(page, ids[0]!)).toBeChecked()
    await expect(bar).toContainText('All 30 matching selected')

    await bar.getByRole('button', { name: 'Set priority…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set the priority of 30 events' })
    await dialog.getByLabel('Priority').selectOption('HIGH')
    await dialog.getByRole('button', { name: 'Set priority' }).click()
    await expect(page.getByRole('region', { name: /of 30 updated/ })).toContainText(
      '30 of 30 updated',
    )
    // Every match changed, as the service has them.
    const after = await Promise.all(ids.map((id) => serviceEvent(page, id)))
    expect(after.map((e) => e.priority)).toEqual(ids.map(() => 'HIGH'))

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Undone: 30 events')).toBeVisible({ timeout: 15_000 })
    const undone = await Promise.all(ids.map((id) => serviceEvent(page, id)))
    expect(undone.map((e) => e.priority)).toEqual(ids.map(() => 'LOW'))
    // Only the priority was put back: the subjects are as they were.
    expect(undone.map((e) => e.subject)).toEqual(made.map((e) => e.subject))
  })

  test('asks before marking complete events not on the page; Cancel changes nothing', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const word = `Done${Date.now()}`
    const made: ServiceEvent[] = []
    for (let i = 0; i < 27; i++)
      made.push(await createEvent(page, { subject: `Finish ${i} ${word}`, status: 'Open' }))
    await page.goto('/events?cols=subject,status')
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expect(total(page)).toHaveText(/^27 of /, { timeout: 20_000 })
    await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
    const bar = page.getByRole('group', { name: 'Bulk actions for the selected events' })
    await bar.getByRole('button', { name: 'Select all 27 matching' }).click()

    await bar.getByRole('button', { name: 'Mark complete' }).click()
    const ask = page.getByRole('alertdialog', { name: 'Mark 27 events complete?' })
    await expect(ask).toContainText('2 of them are not on this page')
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(ask).toHaveCount(0)
    await expect(bar.getByRole('button', { name: 'Mark complete' })).toBeFocused()
    const untouched = await Promise.all(made.map((e) => serviceEvent(page, e.event_ID)))
    expect(untouched.map((e) => e.status)).toEqual(made.map(() => 'Open'))

    await bar.getByRole('button', { name: 'Mark complete' }).click()
    await ask.getByRole('button', { name: 'Mark 27 complete' }).click()
    await expect(page.getByRole('region', { name: /of 27 updated/ })).toContainText(
      '27 of 27 updated',
      { timeout: 20_000 },
    )
    const after = await Promise.all(made.map((e) => serviceEvent(page, e.event_ID)))
    expect(after.map((e) => e.status)).toEqual(made.map(() => 'Completed'))
    // (A selection all on the page is completed at once: the events list's own test.)
  })

  test('asks of one event ticked on another page in the singular', async ({ page }) => {
    await page.goto('/events?cols=subject,status')
    const first = page.getByRole('table').getByRole('checkbox', { name: /\(event \d+\)$/ })
    await first.first().check()
    await page.getByRole('button', { name: 'Next page' }).click()
    const bar = page.getByRole('group', { name: 'Bulk actions for the selected events' })
    await expect(bar).toContainText('1 selected (0 on this page)')
    await bar.getByRole('button', { name: 'Mark complete' }).click()
    const ask = page.getByRole('alertdialog', { name: 'Mark 1 event complete?' })
    await expect(ask).toContainText('It is not on this page.')
    await expect(ask).toContainText('Undo puts it back as it was.')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(ask).toHaveCount(0)
    await expect(bar).toContainText('1 selected (0 on this page)')
  })

  test('an undo leaves an event someone changed since, and says so', async ({ page }) => {
    const word = `Clash${Date.now()}`
    const mine = await createEvent(page, { subject: `Mine ${word}`, status: 'Open' })
    const theirs = await createEvent(page, { subject: `Theirs ${word}`, status: 'Open' })
    await page.goto('/events?cols=subject,status')
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expect(rowCheckbox(page, theirs.event_ID)).toBeVisible({ timeout: 20_000 })
    await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
    await page.getByRole('button', { name: 'Set status…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set the status of 2 events' })
    await dialog.getByLabel('Status').fill('Waiting')
    await dialog.getByRole('button', { name: 'Set status' }).click()
    await expect(page.getByRole('region', { name: /of 2 updated/ })).toContainText('2 of 2 updated')

    // Someone else sets the status of one of them again.
    const current = await serviceEvent(page, theirs.event_ID)
    expect(
      (
        await service(page, 'PUT', `/events/${theirs.event_ID}`, {
          ...current,
          status: 'Escalated',
        })
      ).status,
    ).toBe(200)

    await page.getByRole('button', { name: 'Undo' }).click()
    const results = page.getByRole('region', { name: /^Undo of/ })
    await expect(results).toContainText('1 of 2 updated, 1 failed', { timeout: 15_000 })
    await expect(results.getByRole('list', { name: 'Failed events' })).toContainText(
      `Theirs ${word}`,
    )
    await expect(results).toContainText('left as they saved it')
    expect((await serviceEvent(page, mine.event_ID)).status).toBe('Open')
    expect((await serviceEvent(page, theirs.event_ID)).status).toBe('Escalated')
  })

  test('snoozes until a chosen time, from the event page and from a row of the list', async ({
    page,
    clock,
  }) => {
    const event = await createEvent(page, { reminder: false, due_Date: serviceDate(clock, -60) })
    const when = tomorrowAt1030(clock)
    await page.goto(`/events/${event.event_ID}`)
    await page.getByRole('button', { name: 'Other snooze durations' }).click()
    await page.getByRole('menuitem', { name: 'Snooze until…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Snooze until…' })
    await expect(dialog.getByLabel('Remind me at')).toBeFocused()
    // A time already past is refused in the dialog; nothing is sent.
    await dialog.getByLabel('Remind me at').fill(serviceDate(clock, -5).slice(0, 16))
    await dialog.getByRole('button', { name: 'Snooze' }).click()
    await expect(dialog.getByText('Choose a time after now')).toBeVisible()
    expect((await serviceEvent(page, event.event_ID)).reminder).toBe(false)

    await dialog.getByLabel('Remind me at').fill(when.input)
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Snooze' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(/^Snoozed until /)).toBeVisible()
    expect(await serviceEvent(page, event.event_ID)).toMatchObject({
      reminder: true,
      next_Scheduled_Date: when.stored,
      next_Scheduled_Time: when.stored,
      subject: event.subject,
    })

    // The row's actions menu in the list offers the same.
    await page.goto(`/events?sort=event_ID:desc`)
    const actions = page.getByRole('button', { name: `Actions for ${event.subject}` })
    // Closed with Escape, focus goes back to the menu's button (its item is gone).
    await actions.click()
    await page.getByRole('menuitem', { name: 'Snooze until…' }).click()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Snooze until…' })).toBeHidden()
    await expect(actions).toBeFocused()
    await actions.click()
    await page.getByRole('menuitem', { name: 'Snooze until…' }).click()
    const fromRow = page.getByRole('dialog', { name: 'Snooze until…' })
    const later = when.input.replace('T10:30', 'T16:15')
    await fromRow.getByLabel('Remind me at').fill(later)
    await fromRow.getByRole('button', { name: 'Snooze' }).click()
    await expect(fromRow).toBeHidden()
    await expect
      .poll(async () => (await serviceEvent(page, event.event_ID)).next_Scheduled_Date)
      .toBe(`${later}:00`)
  })

  test('Ctrl+Z undoes the last snooze, and search everywhere offers the undo by name', async ({
    page,
    clock,
  }) => {
    const before = serviceDate(clock, -30)
    const event = await createEvent(page, { reminder: true, next_Scheduled_Date: before })
    await page.goto(`/events/${event.event_ID}`)
    await page.getByRole('button', { name: 'Snooze 15 minutes' }).click()
    await expect(page.getByText('Snoozed for 15 minutes')).toBeVisible()
    await expect
      .poll(async () => (await serviceEvent(page, event.event_ID)).next_Scheduled_Date)
      .not.toBe(before)

    // Focus on a button, not a text field: the key is the console's.
    await page.keyboard.press('ControlOrMeta+z')
    await expect(page.getByText('Snooze undone')).toBeVisible()
    expect(await serviceEvent(page, event.event_ID)).toMatchObject({
      reminder: true,
      next_Scheduled_Date: before,
    })
    // Undone once: a second Ctrl+Z has nothing left.
    await page.keyboard.press('ControlOrMeta+z')
    await expect(page.getByText('Nothing to undo')).toBeVisible()

    // Typing in a field, Ctrl+Z is the field's own.
    await page.getByRole('button', { name: 'Snooze 15 minutes' }).click()
    await expect(page.getByText('Snoozed for 15 minutes').first()).toBeVisible()
    await page.keyboard.press('ControlOrMeta+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    const input = palette.getByRole('combobox')
    await input.fill('undo')
    await input.press('ControlOrMeta+z')
    expect((await serviceEvent(page, event.event_ID)).next_Scheduled_Date).not.toBe(before)
    const offer = palette.getByRole('option', { name: `Undo: Snooze of “${event.subject}”` })
    await expect(offer).toBeVisible()
    await input.press('Enter')
    await expect(page.getByText('Snooze undone').last()).toBeVisible()
    await expect
      .poll(async () => (await serviceEvent(page, event.event_ID)).next_Scheduled_Date)
      .toBe(before)
  })

  test('the new filters count what the service holds', async ({ page, clock }) => {
    test.setTimeout(120_000)
    await page.goto('/events')
    const all = await everyEvent(page)
    const n = all.length
    await expectCount(page, n, n)
    const d = clock.now()
    const since = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 3)
    const sinceDay = `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())}`
    const cases: [string, (e: ServiceEvent) => boolean][] = [
      ['status=Open&not=status', (e) => e.status !== 'Open'],
      [
        'priority=LOW,NORMAL&type=TASK&not=priority',
        (e) => e.priority !== 'LOW' && e.priority !== 'NORMAL' && e.event_Type === 'TASK',
      ],
      ['assignee=unassigned', (e) => !e.user_ID],
      ['created=me', (e) => e.entry_User === 'staff'],
      [`updated=${sinceDay}`, (e) => (e.update_Date ?? '') >= `${sinceDay}T00:00:00`],
      ['assignee=unassigned&created=me', (e) => !e.user_ID && e.entry_User === 'staff'],
      // Staff's token names groups 1 and 3 (Utilization review, Member services).
      ['assignee=my-groups', (e) => e.userGroup_Key === 1 || e.userGroup_Key === 3],
    ]
    for (const [query, match] of cases) {
      await page.goto(`/events?${query}`)
      const expected = all.filter(match).length
      expect(expected, query).toBeGreaterThan(0)
      await expectCount(page, expected, n)
    }
    await expect(page.getByLabel('Assigned', { exact: true }).locator('option')).toHaveText([
      'To anyone',
      'To no user',
      'To one of my groups',
    ])

    // The user filter: type to narrow, arrows to move, Enter to tick.
    await page.goto('/events')
    await expectCount(page, n, n)
    await page.getByRole('button', { name: 'Assigned user' }).click()
    const find = page.getByRole('combobox', { name: 'Find a user' })
    await expect(find).toBeFocused()
    // By the directory's name, as the rows name people.
    await find.fill('Pat')
    const options = page.getByRole('listbox', { name: 'Assigned user' }).getByRole('option')
    await expect(options.first()).toContainText('Pat Support (support)')
    await find.press('Enter')
    await expect(page).toHaveURL(/user=support/)
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await find.fill('')
    await find.press('ArrowDown')
    await expectNoSeriousA11yViolations(page)
    await find.press('Enter')
    await expect(page).toHaveURL(/user=(support,\w+|\w+,support)/)
    const chosen = new URL(page.url()).searchParams.get('user')!.split(',')
    await expectCount(page, all.filter((e) => chosen.includes(e.user_ID ?? '')).length, n)
  })
})
