import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  createEvent,
  expect,
  service,
  serviceDate,
  signIn,
  signOut,
  test,
  type ServiceEvent,
  everyEvent,
} from './fixtures'

/** `GET /events` straight from the service, as another client would see it. */
async function serviceEvents(page: Page, query: string): Promise<ServiceEvent[]> {
  const { status, data } = await service<ServiceEvent[]>(page, 'GET', `/events?${query}`)
  expect(status).toBe(200)
  return data
}

async function serviceEvent(page: Page, id: number): Promise<ServiceEvent> {
  const { status, data } = await service(page, 'GET', `/events/${id}`)
  expect(status).toBe(200)
  return data
}

/** Every event of the database, read through the API a page of 1,000 at a time. */
/** The event IDs of the rendered rows, in order, read from their checkbox labels. */
async function rowIds(page: Page): Promise<number[]> {
  const labels = await page
    .getByRole('table')
    .getByRole('checkbox', { name: /^Select .*\(event \d+\)$/ })
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label') ?? ''))
  return labels.map((l) => Number(/\(event (\d+)\)$/.exec(l)?.[1]))
}

const rowCheckbox = (page: Page, id: number) =>
  page.getByRole('checkbox', { name: new RegExp(`\\(event ${id}\\)$`) })

const header = (page: Page, name: string | RegExp) =>
  page.getByRole('columnheader', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name })

test.describe('events list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test('the free-text search is in neither the address nor the history entry; Back brings it', async ({
    page,
  }) => {
    await page.goto('/events')
    const word = `Quillsearch${Date.now()}`
    const box = page.getByRole('searchbox', { name: 'Search subject or ID' })
    await box.fill(word)
    await box.blur()
    // The entry is written once typing pauses.
    await page.waitForTimeout(1_000)
    expect(page.url()).not.toContain(word)
    expect(await page.evaluate(() => JSON.stringify(window.history.state))).not.toContain(word)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My events' })
      .click()
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await page.goBack()
    await expect(box).toHaveValue(word)
  })

  test('sort and paging come from the URL; any column sorts by meaning, stable', async ({
    page,
  }) => {
    await page.goto('/events?size=50&sort=event_ID:desc&page=2')
    await expect(page.getByText(/^Page 2( of \d+)?$/)).toBeVisible()
    await expect(page.getByLabel('Rows per page')).toHaveValue('50')
    await expect(header(page, 'ID')).toHaveCount(0)
    const expected = await serviceEvents(page, 'page=2&pageSize=50&sortBy=event_ID:desc')
    expect(expected).toHaveLength(50)
    await expect.poll(() => rowIds(page)).toEqual(expected.map((e) => e.event_ID))

    // Clicking a heading sorts by it alone; Shift+click adds a later key. Text compares without
    // case, empty values go last whichever the direction, and the event ID breaks ties.
    await header(page, 'Status').getByRole('button').click()
    await expect(page).toHaveURL(/sort=status:asc(&|$)/)
    await header(page, 'Due')
      .getByRole('button')
      .click({ modifiers: ['Shift'] })
    await expect(page).toHaveURL(/sort=status:asc,due_Date:asc/)
    const all = await everyEvent(page)
    const key = (v: string | null | undefined) => (v ? v.toLowerCase() : null)
    const cmp = (a: string | null, b: string | null) =>
      a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1
    const resorted = [...all].sort(
      (a, b) =>
        cmp(key(a.status), key(b.status)) ||
        cmp(a.due_Date ?? null, b.due_Date ?? null) ||
        a.event_ID - b.event_ID,
    )
    await expect.poll(() => rowIds(page)).toEqual(resorted.slice(0, 50).map((e) => e.event_ID))

    // Back and forward walk through the states.
    await page.goBack()
    await page.goBack()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(() => rowIds(page)).toEqual(expected.map((e) => e.event_ID))
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=3/)
    await expect(page.getByText(/^Page 3( of \d+)?$/)).toBeVisible()
  })

  test('"Next" is offered only while a page comes back full', async ({ page }) => {
    await page.goto('/events?page=100000')
    await expect(page.getByText('No events on this page')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled()
    await page.getByRole('button', { name: 'Go to the first page' }).click()
    await expect(page).not.toHaveURL(/page=100000/)
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()

    // A search that matches nothing says so, and clearing it brings the events back.
    await page.getByRole('searchbox').fill('zzqxnothingmatches')
    await expect(page.getByText('No events match these filters.')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters', exact: true }).click()
    await expect(page.getByRole('searchbox')).toHaveValue('')
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
  })

  test('the column chooser shows any field, from the keyboard too, and keeps it in the URL', async ({
    page,
  }) => {
    await page.goto('/events')
    await expect(header(page, 'Type')).toBeVisible()
    await expect(header(page, 'Entered by')).toHaveCount(0)

    await page.getByRole('button', { name: /^Columns/ }).focus()
    await page.keyboard.press('Enter')
    const chooser = page.getByRole('dialog', { name: 'Choose columns' })
    await expect(chooser).toBeVisible()
    await expect(chooser.getByRole('checkbox', { name: 'Subject' })).toBeDisabled()
    await chooser.getByRole('checkbox', { name: 'Entered by' }).focus()
    await page.keyboard.press('Space')
    await expect(header(page, 'Entered by')).toBeVisible()
    await chooser.getByRole('checkbox', { name: 'Type' }).click()
    await expect(header(page, 'Type')).toHaveCount(0)
    await expect(page).toHaveURL(/cols=subject,priority,.*entry_User/)

    await page.keyboard.press('Escape')
    await expect(chooser).toBeHidden()
    await expect(page.getByRole('button', { name: /^Columns/ })).toBeFocused()

    await page.reload()
    await expect(header(page, 'Entered by')).toBeVisible()
    await page.goBack()
    await expect(header(page, 'Type')).toBeVisible()
    await expect(header(page, 'Entered by')).toBeVisible()
    await page.goBack()
    await expect(header(page, 'Entered by')).toHaveCount(0)
  })

  test('a 500-row page renders only what is in view and scrolls to the end', async ({ page }) => {
    await page.goto('/events?size=500&sort=event_ID:asc')
    const table = page.getByRole('table')
    await expect(table).toHaveAttribute('aria-rowcount', '501')
    const expected = await serviceEvents(page, 'page=1&pageSize=500&sortBy=event_ID:asc')
    expect(expected).toHaveLength(500)
    await expect(rowCheckbox(page, expected[0]!.event_ID)).toBeVisible()
    const rendered = await table.locator('tbody tr[aria-rowindex]').count()
    expect(rendered).toBeGreaterThan(10)
    expect(rendered).toBeLessThan(100)

    const last = expected[499]!
    // Rows are measured as they render, so the height can grow after a scroll: scroll again
    // until the end is reached.
    await expect(async () => {
      await table.locator('xpath=..').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await expect(rowCheckbox(page, last.event_ID)).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 15_000 })
    await expect(table.locator('tbody tr[aria-rowindex]').last()).toHaveAttribute(
      'aria-rowindex',
      '501',
    )
    expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100)
  })

  test('a batch with one failing item shows per-item results and keeps the failed row selected', async ({
    page,
  }) => {
    await page.goto('/events?sort=event_ID:asc')
    const [a, b, c] = await serviceEvents(page, 'page=1&pageSize=3&sortBy=event_ID:asc')
    await rowCheckbox(page, a!.event_ID).check()
    // Shift+click ticks the range from the last ticked row.
    await rowCheckbox(page, c!.event_ID).click({ modifiers: ['Shift'] })
    await expect(rowCheckbox(page, b!.event_ID)).toBeChecked()
    await expect(
      page.getByRole('status').filter({ hasText: '3 of 25 events selected' }),
    ).toBeAttached()

    // No form in the console can send an impossible date, so the test makes one item carry one
    // on its way to the service; the service really refuses that item and accepts the others.
    await page.route('**/api/events-batch', async (route) => {
      const items = route.request().postDataJSON() as ServiceEvent[]
      const broken = items.map((e) =>
        e.event_ID === b!.event_ID ? { ...e, due_Date: '2026-02-30T09:00:00' } : e,
      )
      await route.continue({ postData: JSON.stringify(broken) })
    })
    const status = `Waiting-${Date.now()}`
    await page.getByRole('button', { name: 'Set status…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set the status of 3 events' })
    await dialog.getByLabel('Status').fill(status)
    await dialog.getByRole('button', { name: 'Set status' }).click()

    const results = page.getByRole('region', { name: /of 3 updated/ })
    await expect(results).toContainText('2 of 3 updated, 1 failed')
    await expect(results.getByRole('list', { name: 'Failed events' })).toContainText(
      `${b!.subject} (#${b!.event_ID})`,
    )
    await expect(results).toContainText('400')
    await expect(results).toContainText('Not a real calendar date')
    await expect(page.getByText(/; 1 event failed$/)).toBeVisible()

    await expect(rowCheckbox(page, b!.event_ID)).toBeChecked()
    await expect(rowCheckbox(page, a!.event_ID)).not.toBeChecked()
    await expect(rowCheckbox(page, c!.event_ID)).not.toBeChecked()
    expect((await serviceEvent(page, a!.event_ID)).status).toBe(status)
    expect((await serviceEvent(page, c!.event_ID)).status).toBe(status)
    expect((await serviceEvent(page, b!.event_ID)).status).toBe(b!.status)

    // The cause gone, the same action on the row left selected goes through.
    await page.unroute('**/api/events-batch')
    await page.getByRole('button', { name: 'Set status…' }).click()
    const retry = page.getByRole('dialog', { name: 'Set the status of 1 event' })
    await retry.getByLabel('Status').fill(status)
    await retry.getByRole('button', { name: 'Set status' }).click()
    await expect(page.getByRole('region', { name: /of 1 updated/ })).toContainText('1 of 1 updated')
    expect((await serviceEvent(page, b!.event_ID)).status).toBe(status)
    await expect(rowCheckbox(page, b!.event_ID)).not.toBeChecked()
  })

  test('ticking rows does not move the table: the next click lands on the row aimed at', async ({
    page,
  }) => {
    await page.goto('/events?sort=event_ID:asc')
    const [first, second] = await serviceEvents(page, 'page=1&pageSize=2&sortBy=event_ID:asc')
    const table = page.getByRole('table')
    await expect(rowCheckbox(page, first!.event_ID)).toBeVisible()
    const top = async () => (await table.boundingBox())!.y
    const before = await top()
    const aim = (await rowCheckbox(page, second!.event_ID).boundingBox())!
    await rowCheckbox(page, first!.event_ID).check()
    await expect(
      page.getByRole('group', { name: 'Bulk actions for the selected events' }),
    ).toBeVisible()
    expect(await top()).toBe(before)
    // A click where the second row's box was a moment ago ticks the second row.
    await page.mouse.click(aim.x + aim.width / 2, aim.y + aim.height / 2)
    await expect(rowCheckbox(page, second!.event_ID)).toBeChecked()
    await page.getByRole('button', { name: 'Clear selection' }).click()
    await expect(page.getByText('No events selected.')).toBeVisible()
    expect(await top()).toBe(before)
  })

  test('at 1024 px the selection bar shows every action, Clear selection too', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.goto('/events?sort=event_ID:asc')
    const [first] = await serviceEvents(page, 'page=1&pageSize=1&sortBy=event_ID:asc')
    await expect(rowCheckbox(page, first!.event_ID)).toBeVisible()
    await rowCheckbox(page, first!.event_ID).check()
    const bar = page.getByRole('group', { name: 'Bulk actions for the selected events' })
    await expect(bar).toBeVisible()
    /** Every button of the bar, whole, inside the bar and the window; none scrolled away. */
    const everyButtonShown = async () => {
      const box = (await bar.boundingBox())!
      const { scroll, client } = await bar.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }))
      expect(scroll).toBeLessThanOrEqual(client)
      const buttons = await bar.getByRole('button').all()
      expect(buttons.length).toBeGreaterThanOrEqual(7)
      for (const button of buttons) {
        const b = (await button.boundingBox())!
        expect(b.x).toBeGreaterThanOrEqual(box.x)
        expect(b.x + b.width).toBeLessThanOrEqual(Math.min(box.x + box.width, 1024))
      }
    }
    await everyButtonShown()
    // The whole page ticked: the offer to select every match joins, and still nothing is hidden.
    await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
    await expect(bar.getByRole('button', { name: /^Select all [\d,]+ matching$/ })).toBeVisible()
    await everyButtonShown()
    await bar.getByRole('button', { name: 'Clear selection' }).click()
    await expect(page.getByText('No events selected.')).toBeVisible()
  })

  test('a bulk reassign can be undone from its toast', async ({ page }) => {
    await page.goto('/events?sort=event_ID:asc&size=50')
    const events = await serviceEvents(page, 'page=1&pageSize=50&sortBy=event_ID:asc')
    const toUser = events.find((e) => e.user_ID && e.user_ID !== 'support')!
    const toGroup = events.find((e) => e.userGroup_Key != null)!
    await rowCheckbox(page, toUser.event_ID).check()
    await rowCheckbox(page, toGroup.event_ID).check()

    await page.getByRole('button', { name: 'Assign…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign 2 events' })
    await dialog.getByLabel('User ID').fill('support')
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(page.getByRole('region', { name: /of 2 updated/ })).toContainText('2 of 2 updated')
    for (const e of [toUser, toGroup]) {
      const now = await serviceEvent(page, e.event_ID)
      expect([now.user_ID, now.userGroup_Key]).toEqual(['support', null])
    }

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Undone: 2 events')).toBeVisible()
    for (const e of [toUser, toGroup]) {
      const now = await serviceEvent(page, e.event_ID)
      expect([now.user_ID, now.userGroup_Key]).toEqual([e.user_ID, e.userGroup_Key])
    }
  })

  test('assigning to a group accepts a typed key and refuses one the service could not take', async ({
    page,
  }) => {
    await page.goto('/events?sort=event_ID:desc')
    const [first] = await serviceEvents(page, 'page=1&pageSize=1&sortBy=event_ID:desc')
    await rowCheckbox(page, first!.event_ID).check()
    await page.getByRole('button', { name: 'Assign…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign 1 event' })
    await dialog.getByLabel('A user group').check()
    await dialog.getByLabel('Group key').fill('99999999999')
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(dialog.getByText(/Group keys go from 1 to/)).toBeVisible()
    await dialog.getByLabel('Group key').fill('7')
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(page.getByText('Assigned 1 event to group 7').first()).toBeVisible()
    const now = await serviceEvent(page, first!.event_ID)
    expect([now.user_ID, now.userGroup_Key]).toEqual([null, 7])
  })

  test('mark complete sets the completion date, 100 percent and the completed status, and skips what is already complete', async ({
    page,
    clock,
  }) => {
    const open = await createEvent(page, { due_Date: serviceDate(clock, 60) })
    const done = await createEvent(page, {
      status: 'Completed',
      completion_Percent: 100,
      completion_Date: serviceDate(clock, -60),
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, 60 * 24 * 3),
    })
    await page.goto('/events?sort=event_ID:desc')
    await rowCheckbox(page, open.event_ID).check()
    await rowCheckbox(page, done.event_ID).check()
    // From the keyboard: focus goes on with the bar as it turns into the change's results.
    await page.getByRole('button', { name: 'Mark complete' }).focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByText('Marked 1 event complete; 1 already complete, skipped').first(),
    ).toBeVisible()
    await expect(page.locator('body')).not.toBeFocused()
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON')
    // Dismissed from the keyboard, the results leave focus on the page, not on its body.
    await page.getByRole('button', { name: 'Dismiss results' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Dismiss results' })).toHaveCount(0)
    await expect(page.locator('body')).not.toBeFocused()
    expect(
      await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement)),
    ).toBe(true)
    const now = await serviceEvent(page, open.event_ID)
    expect(now.status).toBe('Completed')
    expect(now.completion_Percent).toBe(100)
    expect(now.completion_Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
    // Fields the action does not touch are sent back unchanged.
    expect(now.subject).toBe(open.subject)
    expect(now.due_Date).toBe(open.due_Date)
    // The completed one was not sent at all: its record is as it was.
    expect(await serviceEvent(page, done.event_ID)).toEqual(done)

    // Marking only completed events changes nothing, and says so.
    await rowCheckbox(page, done.event_ID).check()
    await page.getByRole('button', { name: 'Mark complete' }).click()
    await expect(page.getByText('Nothing changed: 1 already complete, skipped')).toBeVisible()

    // A completed event reminds nobody: no future "Next reminder" on its page.
    await page.goto(`/events/${done.event_ID}`)
    const when = page.getByRole('region', { name: 'When' })
    await expect(when.getByRole('definition')).toContainText(['None (completed)'])
  })

  test('exports every matching event, not the page, with codes and labels apart', async ({
    page,
  }) => {
    await page.goto('/events?sort=event_ID:asc&cols=subject,priority,status&status=Open')
    const expected = (await everyEvent(page)).filter((e) => e.status === 'Open')
    expect(expected.length).toBeGreaterThan(25)
    const label = `Export all ${expected.length.toLocaleString('en-GB')}`
    await expect(page.getByRole('button', { name: label })).toBeEnabled({ timeout: 20_000 })
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: label }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile(await file.path())).toString('utf8').replace(/^\ufeff/, '')
    const lines = text.split('\r\n')
    // The event's ID first, whatever columns are shown: every line says which event it is.
    expect(lines[0]).toBe('ID,Subject,Priority code,Priority,Status')
    expect(lines).toHaveLength(expected.length + 2) // header, every match, the final line end
    const first = expected[0]!
    const subject = first.subject ?? ''
    const quoted = /[",]/.test(subject) ? `"${subject.replace(/"/g, '""')}"` : subject
    const priorityLabel = first.priority
      ? first.priority.charAt(0) + first.priority.slice(1).toLowerCase()
      : ''
    expect(lines[1]).toBe(
      `${first.event_ID},${quoted},${first.priority ?? ''},${priorityLabel},Open`,
    )
    // Counted as the button counts them, with the locale's grouping ("1,179").
    await expect(
      page.getByText(`Exported ${expected.length.toLocaleString('en-GB')} events`),
    ).toBeVisible()
  })

  test('an export the server fails says nothing was exported, and can be tried again', async ({
    page,
  }) => {
    await page.goto('/events?sort=event_ID:asc&cols=subject,status&status=Open')
    const button = page.getByRole('button', { name: /^Export all [\d,]+$/ })
    await expect(button).toBeEnabled({ timeout: 20_000 })
    const label = (await button.textContent())!
    // The records of the matches cannot be read, slowly: the button says the export is under way.
    let fail = true
    await page.route('**/console-api/events/records', async (route) => {
      if (!fail) return route.continue()
      await new Promise((done) => setTimeout(done, 500))
      await route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, title: 'Unavailable', detail: 'Try again shortly.' }),
      })
    })
    await button.click()
    const busy = page.getByRole('button', { name: 'Exporting…' })
    await expect(busy).toBeDisabled()
    await expect(page.getByText('Nothing was exported')).toBeVisible()
    await expect(page.getByRole('button', { name: label })).toBeEnabled()
    // Mended, the same button exports every match.
    fail = false
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: label }).click()
    expect((await download).suggestedFilename()).toMatch(/\.csv$/)
    await expect(
      page.getByText(`Exported ${label.replace('Export all ', '')} events`),
    ).toBeVisible()
  })

  test('a saved view restores sort, size and columns in one click, across sign-outs @direct', async ({
    page,
  }) => {
    await page.goto(
      '/events?size=100&sort=priority:desc,due_Date:asc&cols=subject,priority,reminder',
    )
    await page.getByRole('button', { name: /^Saved views/ }).click()
    const panel = page.getByRole('dialog', { name: 'Saved views' })
    await panel.getByLabel('Save the current view as').fill('Urgent first')
    await panel.getByRole('button', { name: 'Save view' }).click()
    await expect(page.getByText('View “Urgent first” saved')).toBeVisible()
    await expect(page.getByRole('button', { name: /^View: Urgent first/ })).toBeVisible()
    const stored = await page.evaluate(() => localStorage.getItem('bac.views.demo.staff'))
    expect(JSON.parse(stored ?? '[]')).toMatchObject([
      { name: 'Urgent first', sort: 'priority:desc,due_Date:asc', size: 100 },
    ])

    await page.keyboard.press('Escape')
    await signOut(page)
    await signIn(page, 'staff')
    await page.goto('/events')
    await expect(header(page, 'Type')).toBeVisible()
    await page.getByRole('button', { name: /^Saved views/ }).click()
    await page
      .getByRole('dialog', { name: 'Saved views' })
      .getByRole('button', { name: 'Urgent first', exact: true })
      .click()
    await expect(page).toHaveURL(
      /size=100&sort=priority:desc,due_Date:asc&cols=subject,priority,reminder/,
    )
    await expect(header(page, 'Reminder')).toBeVisible()
    await expect(header(page, 'Type')).toHaveCount(0)
    await expect(header(page, 'Priority')).toHaveAttribute('aria-sort', 'descending')
    await expect(page.getByLabel('Rows per page')).toHaveValue('100')

    // Another user (and another database) has views of their own.
    expect(await page.evaluate(() => localStorage.getItem('bac.views.demo.admin'))).toBeNull()
  })

  test('has no serious accessibility violations, with rows selected and a popover open', async ({
    page,
  }) => {
    await page.goto('/events')
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1)
    await expectNoSeriousA11yViolations(page)
    await page
      .getByRole('table')
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .check()
    await expect(page.getByRole('group', { name: /Bulk actions/ })).toBeVisible()
    await page.getByRole('button', { name: /^Sort/ }).click()
    await expect(page.getByRole('dialog', { name: 'Sort order' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
