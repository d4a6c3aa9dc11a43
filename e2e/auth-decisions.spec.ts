import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  createAuth,
  createEvent,
  expect,
  service,
  serviceDate,
  serviceText,
  signIn,
  test,
} from './fixtures'

type Json = Record<string, unknown>
const HOUR = 3_600_000

/** "Thu 26 Nov, 14:00", as the console writes a decision's due time (the e2e browser is en-GB). */
const dueText = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d)

/** "24 Nov 2026, 14:00", as the console writes a date and time. */
const dateTimeText = (text: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(text))

const stored = async (page: Page, authNumber: string) =>
  (await service<Json>(page, 'GET', `/auths/${authNumber}`)).data

/** The glance's fact with this label (a term and its values). */
const fact = (page: Page, label: string) =>
  page
    .locator('main dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })

test.describe('auths as work', () => {
  test.describe.configure({ timeout: 60_000 })

  test('the decision clock: an urgent auth received 48 hours ago, a standard one 9 days ago', async ({
    page,
    clock,
  }) => {
    const start = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000)
    await page.clock.install({ time: start })
    await signIn(page, 'support')
    // The moment the page is read at, fixed: "in 1 day" must not become "in 23 h 59 min".
    const at = new Date(start.getTime() + 2 * 60_000)
    const urgent = await createAuth(page, {
      urgent: true,
      received_Date: serviceText(new Date(at.getTime() - 48 * HOUR)),
    })
    const nineDaysAgo = new Date(at)
    nineDaysAgo.setDate(at.getDate() - 9)
    const standard = await createAuth(page, { received_Date: serviceText(nineDaysAgo) })
    await page.clock.setFixedTime(at)

    await page.goto(`/auths/${urgent.auth_Number}`)
    const urgentDue = `Decision due ${dueText(new Date(at.getTime() + 24 * HOUR))} — in 1 day`
    await expect(page.getByText(urgentDue, { exact: true })).toBeVisible()
    await expect(page.locator('[data-clock-state="soon"]')).toContainText(urgentDue)
    await expect(page.locator('main').getByText('Urgent rule: 72 hours from receipt')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.goto(`/auths/${standard.auth_Number}`)
    const standardDueAt = new Date(nineDaysAgo)
    standardDueAt.setDate(standardDueAt.getDate() + 7)
    const standardDue = `Decision due ${dueText(standardDueAt)} — overdue by 2 days`
    await expect(page.getByText(standardDue, { exact: true })).toBeVisible()
    await expect(page.locator('[data-clock-state="overdue"]')).toContainText(standardDue)

    // Every place the auth appears says the same: the recent auths, Auths in my work, search.
    await page.goto('/auths')
    const recent = page.getByRole('list', { name: 'Recent lookups' })
    await expect(
      recent.getByRole('listitem').filter({ hasText: urgent.auth_Number }),
    ).toContainText('due in 1 day')
    await expect(
      recent.getByRole('listitem').filter({ hasText: standard.auth_Number }),
    ).toContainText('overdue by 2 days')
    const work = page.getByRole('region', { name: 'Auths in my work' })
    await expect(work).toContainText('the service offers no list of all auths')
    const rows = work.getByRole('row')
    const urgentRow = rows.filter({ hasText: urgent.auth_Number })
    const standardRow = rows.filter({ hasText: standard.auth_Number })
    await expect(urgentRow).toContainText('due in 1 day')
    await expect(standardRow).toContainText('overdue by 2 days')
    const order = await rows.allTextContents()
    expect(order.findIndex((r) => r.includes(standard.auth_Number))).toBeLessThan(
      order.findIndex((r) => r.includes(urgent.auth_Number)),
    )
    await expectNoSeriousA11yViolations(page)

    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    await expect(
      palette.getByRole('option', { name: new RegExp(`Auth ${urgent.auth_Number}`) }),
    ).toContainText('due in 1 day')
  })

  test('a late decision asks why it is late; a denial asks for its reason, kept in the narrative', async ({
    page,
  }) => {
    await signIn(page, 'support')
    const received = new Date(Date.now() - 9 * 24 * HOUR)
    const { auth_Number: authNumber } = await createAuth(page, {
      received_Date: serviceText(received),
      service_Code: '72148',
      unit_Type: 'Procedure',
      units_Requested: 1,
      narrative: 'Clinical notes received.',
    })
    await page.goto(`/auths/${authNumber}`)
    await page.getByRole('button', { name: 'Change status' }).click()
    const dialog = page.getByRole('dialog', { name: `Change the status of auth ${authNumber}` })
    // With no code chosen yet, Tab and Shift+Tab still come round to the codes.
    const onRadio = () =>
      dialog.evaluate(() => (document.activeElement as HTMLInputElement).type === 'radio')
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab']) await page.keyboard.press(key)
    const reached = []
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab')
      reached.push(await onRadio())
    }
    expect(reached).toContain(true)
    await dialog.getByRole('radio', { name: /^D Denied/ }).check()
    await expect(dialog.getByText(/The decision is late: it was due .* \(overdue by/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog.getByText('Give the reason for the denial')).toBeVisible()
    await expect(dialog.getByText('Say why the decision is late')).toBeVisible()
    expect((await stored(page, authNumber)).auth_Code).toBe('P')
    await expectNoSeriousA11yViolations(page)
    // Tab and Shift+Tab go round the dialog's controls, never out of it.
    for (const key of [...Array<string>(30).fill('Tab'), ...Array<string>(30).fill('Shift+Tab')]) {
      await page.keyboard.press(key)
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }

    // A code alone is not a reason (CMS asks for a specific one): refused, nothing written.
    await dialog.getByLabel('Reason for the denial').fill('CO-50')
    await dialog.getByLabel('Why is the decision late?').fill('Records arrived after the due date.')
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog.getByText(/State the specific reason in words/)).toBeVisible()
    expect((await stored(page, authNumber)).auth_Code).toBe('P')
    await dialog
      .getByLabel('Reason for the denial')
      .fill('Not medically necessary: conservative care first.')
    await dialog.getByLabel('Why is the decision late?').fill('Records arrived after the due date.')
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog).toBeHidden()
    const auth = await stored(page, authNumber)
    expect(auth).toMatchObject({ auth_Code: 'D', status: 'Denied' })
    expect(auth.narrative).toContain('Clinical notes received.')
    expect(auth.narrative).toContain(
      'Denial reason: Not medically necessary: conservative care first.',
    )
    expect(auth.narrative).toContain('Decided late: Records arrived after the due date.')

    // No denied units were recorded: the page says so, it does not count the requested ones.
    await expect(fact(page, 'Denied').getByRole('definition').first()).toHaveText('Not recorded')
    await expect(fact(page, 'Denied')).toContainText('1 procedure requested')
    await expect(page.getByRole('region', { name: 'Decision' })).toContainText(
      'Not medically necessary: conservative care first.',
    )
  })

  test('approving in one dialog stores the approved range, and the page shows who approved and when', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'support')
    const { auth_Number: authNumber } = await createAuth(page, {
      received_Date: serviceDate(clock, -60),
      requested_From: '2026-12-01T00:00:00',
      requested_Thru: '2026-12-31T00:00:00',
      units_Requested: 12,
      visits_Requested: 12,
      amount_Requested: 1140,
    })
    await page.goto(`/auths/${authNumber}`)
    await page.getByRole('button', { name: 'Change status' }).click()
    const dialog = page.getByRole('dialog', { name: `Change the status of auth ${authNumber}` })
    await dialog.getByRole('radio', { name: /^A Approved/ }).check()
    const approval = dialog.getByRole('group', { name: 'What is approved' })
    await expect(approval.getByLabel('Approved from')).toHaveValue('2026-12-01')
    await expect(approval.getByLabel('Approved thru')).toHaveValue('2026-12-31')
    await expect(approval.getByLabel('Approved units')).toHaveValue('12')
    await expect(approval.getByLabel('Approved visits')).toHaveValue('12')
    await expect(approval.getByLabel('Approved amount')).toHaveValue('1140')
    await expect(dialog.getByText('The decision is late')).toHaveCount(0)

    await approval.getByLabel('Approved units').fill('8')
    await approval.getByLabel('Approved visits').fill('8')
    await approval.getByLabel('Approved amount').fill('760')
    await expect(dialog.getByText('Partial approval: 4 of 12 visits denied.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog.getByText('Give the reason for the part denied')).toBeVisible()
    await dialog.getByLabel('Reason for the part denied').fill('Eight visits meet the guideline.')
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog).toBeHidden()

    const auth = await stored(page, authNumber)
    expect(auth).toMatchObject({
      auth_Code: 'A',
      status: 'Approved',
      approved_From: '2026-12-01T00:00:00',
      approved_Thru: '2026-12-31T00:00:00',
      units_Approved: 8,
      visits_Approved: 8,
      amount_Approved: 760,
      units_Denied: 4,
      amount_Denied: 380,
      approved_By: 'support',
    })
    expect(auth.narrative).toContain('Partly denied: Eight visits meet the guideline.')
    await expect(fact(page, 'Approved')).toContainText('8 visits')
    await expect(fact(page, 'Approved')).toContainText('4 visits denied')
    const decision = page.getByRole('region', { name: 'Decision' })
    await expect(decision.getByRole('definition').first()).toBeVisible()
    await expect(decision).toContainText('Approved by')
    await expect(decision).toContainText('Approved byPat Support (support)')
    await expect(decision).toContainText(`Approved on${dateTimeText(String(auth.approved_Date))}`)
    await expect(decision).toContainText('Visits to date')
    await expect(decision).toContainText('Monthly amount')
  })

  test('an auth lists the events that mention it and offers a follow-up event, prefilled', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'support')
    const received = new Date(clock.now().getTime() - 3 * HOUR)
    received.setSeconds(0, 0)
    const auth = await createAuth(page, {
      urgent: true,
      assigned_User: 'support',
      received_Date: serviceText(received),
    })
    const event = await createEvent(page, {
      subject: `Call provider about auth ${auth.auth_Number}`,
      user_ID: 'support',
    })
    await page.goto(`/auths/${auth.auth_Number}`)
    const events = page.getByRole('region', { name: 'Events about this auth' })
    await expect(events.getByRole('link', { name: event.subject })).toBeVisible({ timeout: 20_000 })
    // Its assignee by name, as the event's own page names them.
    await expect(events.getByRole('listitem').filter({ hasText: event.subject })).toContainText(
      'Pat Support',
    )
    await expectNoSeriousA11yViolations(page)

    await events.getByRole('link', { name: 'Create follow-up event' }).click()
    await expect(page).toHaveURL(/\/events\/new$/)
    await expect(page.getByLabel('Subject')).toHaveValue(`Follow up on auth ${auth.auth_Number}`)
    await expect(page.getByLabel('Assigned user', { exact: true })).toHaveValue('support')
    // A person typed by their whole name is kept as their user ID; part of a name as typed.
    const assignee = page.getByLabel('Assigned user', { exact: true })
    await assignee.fill('Sam Staff')
    await assignee.press('Tab')
    await expect(assignee).toHaveValue('staff')
    await assignee.fill('support')
    await assignee.press('Tab')
    await expect(assignee).toHaveValue('support')
    const due = new Date(received.getTime() + 72 * HOUR)
    const pad = (n: number) => String(n).padStart(2, '0')
    await expect(page.getByLabel('Due', { exact: true })).toHaveValue(
      `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(due.getHours())}:${pad(due.getMinutes())}`,
    )

    // From the event, the auth's link carries its clock.
    await page.goto(`/events/${event.event_ID}`)
    const link = page.getByRole('link', { name: `Auth ${auth.auth_Number}` })
    await expect(link).toBeVisible()
    await expect(page.locator('main [data-clock-state]').first()).toContainText('due in')
  })

  test('Look up finds an auth by its number without the dash', async ({ page, clock }) => {
    await signIn(page, 'support')
    const yy = String(clock.now().getFullYear() % 100).padStart(2, '0')
    const authNumber = (await createAuth(page)).auth_Number
    expect(authNumber.startsWith(`${yy}-`)).toBe(true)
    await page.goto('/auths')
    await page.getByLabel('Auth number').fill(authNumber.replace('-', ''))
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}$`))
    await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()
  })

  test('an auth prints as a determination summary, without the navigation or buttons', async ({
    page,
    clock,
  }) => {
    await signIn(page, 'support')
    const { auth_Number: authNumber } = await createAuth(page, {
      auth_Code: 'A',
      status: 'Approved',
      received_Date: serviceDate(clock, -120),
      approved_From: '2026-12-01T00:00:00',
      approved_Thru: '2026-12-31T00:00:00',
      units_Approved: 8,
      amount_Approved: 760,
    })
    await page.goto(`/auths/${authNumber}`)
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
    const summary = page.getByRole('region', { name: 'Determination summary' })
    await expect(summary).toBeHidden()

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Change status' })).toBeHidden()
    await expect(summary).toBeVisible()
    await expect(summary).toContainText(`Auth ${authNumber}`)
    await expect(summary).toContainText('Approved')
    await expect(summary).toContainText('1 Dec – 31 Dec 2026')
    await expect(summary).toContainText('8 visits')
    await expect(summary).toContainText('760.00')
    await expect(summary).toContainText('Approved by Pat Support (support)')
    // The clock it was decided against: when it was due, and that it was decided on time.
    await expect(summary).toContainText(/Decision due.*\(Standard\); decided .*, on time/)

    await page.emulateMedia({ media: 'screen' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(summary).toBeHidden()
  })
})
