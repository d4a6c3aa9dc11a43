import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  API_KEY,
  AUTH_REQUIRED,
  createAuth,
  createEvent,
  DEMO_PASSWORD,
  expect,
  service,
  serviceText,
  serviceToken,
  signIn,
  test,
} from './fixtures'

/*
 * The auth register and the CMS report, over the console server: an auth the server meets
 * through an event naming it or a lookup appears in the register within 5 s, its decision clock
 * turns amber then red as the clock passes the warning and the deadline, and its assignee's bell
 * says so, once; the report's table and its CSV agree, and only admins and compliance open it.
 */

const HOUR = 3_600_000
/** The sandbox itself, behind the console server (playwright.config.ts puts it there). */
const serviceDirect = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 2000}/api`

/** Creates an auth on the service past the console: the server has not met it. */
async function createPastConsole(page: Page, fields: Record<string, unknown>) {
  const response = await fetch(`${serviceDirect}/auths`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await serviceToken(page, 'support')}`,
      'x-api-key': API_KEY,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      ...AUTH_REQUIRED,
      auth_Code: 'P',
      status: 'Pended',
      service_Type: 'Physical Therapy',
      subscriber_ID: '100244581',
      member_Seq: '01',
      ...fields,
    }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: { auth_Number: string } }).data.auth_Number
}

const rowOf = (page: Page, number: string) =>
  page
    .getByRole('table', { name: 'Auths in the register' })
    .getByRole('row')
    .filter({
      has: page.getByRole('link', { name: number, exact: true }),
    })

/**
 * Opens the register showing `number` alone, asking again until it is there. Each try loads the
 * page: on a busy machine two or three tries are 5 s.
 */
async function findInRegister(page: Page, number: string, within = 10_000) {
  await expect(async () => {
    await page.goto('/auths/register')
    await page.getByLabel('Decision clock').selectOption('')
    await page.getByLabel('Auth number').fill(number)
    await expect(rowOf(page, number)).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: within, intervals: [250, 500] })
}

test.describe('the auth register', () => {
  test.describe.configure({ timeout: 90_000 })

  test('an urgent auth named in an event is met at once, turns amber then red, and the bell says so once', async ({
    page,
    clock,
  }) => {
    const start = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000)
    await page.clock.install({ time: start })
    await signIn(page, 'support')
    // Due 24 h 10 min from now: on time, 10 minutes from the warning.
    const received = new Date(start.getTime() - 48 * HOUR + 10 * 60_000)
    const number = await createPastConsole(page, {
      urgent: true,
      received_Date: serviceText(received),
      assigned_User: 'support',
    })
    await createEvent(page, { subject: `Call the provider about auth ${number}` })
    await findInRegister(page, number)
    const row = rowOf(page, number)
    await expect(row).toContainText('named in an event')
    await expect(row).toContainText('Urgent')
    await expect(row).toContainText('Pat Support')
    // Found by the assignee's name as well as by their ID.
    await page.getByLabel('Assigned to').fill('pat support')
    await expect(row).toBeVisible()
    await page.getByLabel('Assigned to').fill('Sam Staff')
    await expect(page.getByText('No auth matches.')).toBeVisible()
    await page.getByLabel('Assigned to').fill('')
    // At 1024 px every column is in view: the table does not scroll sideways.
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.getByLabel('Auth number').fill('')
    await expect(page.getByRole('row')).not.toHaveCount(2)
    const table = page.getByRole('table', { name: 'Auths in the register' })
    await expect
      .poll(() =>
        table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
      )
      .toBeLessThanOrEqual(0)
    await expect(row.locator('[data-clock-state="on-time"]')).toBeVisible()
    await expect(page.getByTestId('register-scope')).toContainText(
      'The service keeps no list of auths',
    )
    await expectNoSeriousA11yViolations(page)

    // Past the warning (24 hours before the deadline): amber, in the register and in the bell.
    await page.clock.setFixedTime(new Date(start.getTime() + 15 * 60_000))
    await page.reload()
    await page.getByLabel('Decision clock').selectOption('soon')
    await expect(rowOf(page, number).locator('[data-clock-state="soon"]')).toBeVisible()
    const bell = page.getByRole('button', { name: /^Reminders/ })
    await expect(bell).toHaveAccessibleName(/, 1 auth deadline due soon, \d+ in all$/)
    await bell.click()
    const alerts = page.getByRole('list', { name: 'Auths near or past their decision deadline' })
    await expect(alerts.getByRole('listitem')).toHaveCount(1)
    await expect(alerts.getByRole('listitem')).toContainText(`Auth ${number}`)
    await expect(alerts.getByRole('listitem')).toContainText('Decision due soon')
    await page.keyboard.press('Escape')

    // Past the deadline: red, and the bell says overdue, still once.
    await page.clock.setFixedTime(new Date(start.getTime() + 24 * HOUR + 11 * 60_000))
    await page.reload()
    // A day without activity locks the console: the user unlocks it, as they would.
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Unlock' }).click()
    await page.getByLabel('Decision clock').selectOption('overdue')
    await expect(rowOf(page, number).locator('[data-clock-state="overdue"]')).toBeVisible()
    await expect(bell).toHaveAccessibleName(/, 1 auth deadline, 1 overdue, \d+ in all$/)
    await bell.click()
    await expect(alerts.getByRole('listitem')).toHaveCount(1)
    await expect(alerts.getByRole('listitem')).toContainText('Decision overdue')
  })

  test('an auth looked up is in the register, and the register exports what it lists', async ({
    page,
  }) => {
    await signIn(page, 'support')
    const number = await createPastConsole(page, { received_Date: serviceText(new Date()) })
    await page.goto('/auths')
    await page.getByLabel('Auth number').fill(number)
    await page.getByLabel('Auth number').press('Enter')
    await expect(page).toHaveURL(new RegExp(`/auths/${number}$`))
    await findInRegister(page, number)
    await expect(rowOf(page, number)).toContainText('looked up')
    await expect(page.getByRole('status').filter({ hasText: 'of 1 auths' })).toHaveText(
      '1–1 of 1 auths',
    )
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = await readFile(await (await download).path(), 'utf8')
    const lines = csv.replace(/^\ufeff/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Auth number,Member,Provider,Status,Code,Urgent,Assigned to,Received,Decision due,Clock,Service type,Known since,Known by',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${number},100244581-01,`)
    expect(lines[1]).toContain(',looked up')
  })
})

test.describe('assigning from the register', () => {
  test('bulk assign reads each auth again: a change made elsewhere since the list is kept', async ({
    page,
  }) => {
    await signIn(page, 'support')
    const provider = `PRV${Date.now() % 1_000_000_000}`
    const numbers = [
      await createPastConsole(page, { provider_ID: provider }),
      await createPastConsole(page, { provider_ID: provider }),
    ]
    // Looked up, so the server meets them.
    for (const number of numbers) {
      await page.goto('/auths')
      await page.getByLabel('Auth number').fill(number)
      await page.getByLabel('Auth number').press('Enter')
      await expect(page).toHaveURL(new RegExp(`/auths/${number}$`))
    }
    await expect(async () => {
      await page.goto('/auths/register')
      await page.getByLabel('Decision clock').selectOption('')
      await page.getByLabel('Provider').fill(provider)
      await expect(page.getByRole('status').filter({ hasText: 'of 2 auths' })).toBeVisible({
        timeout: 1_000,
      })
    }).toPass({ timeout: 10_000 })

    // Another desk, past the console, changes the first auth after the register listed it.
    const direct = async (number: string, init?: { method: string; body: unknown }) => {
      const response = await fetch(`${serviceDirect}/auths/${number}`, {
        method: init?.method ?? 'GET',
        headers: {
          authorization: `Bearer ${await serviceToken(page, 'support')}`,
          'x-api-key': API_KEY,
          'service-database': 'demo',
          'content-type': 'application/json',
        },
        ...(init ? { body: JSON.stringify(init.body) } : {}),
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { data: Record<string, unknown> }).data
    }
    const first = await direct(numbers[0]!)
    await direct(numbers[0]!, {
      method: 'PUT',
      body: { ...first, narrative: 'Records requested by the other desk.' },
    })

    await page.getByRole('checkbox', { name: 'Choose every auth on this page' }).check()
    const bulk = page.getByRole('group', { name: 'Assign the chosen auths' })
    // A person typed by name is written by their user ID.
    await bulk.getByLabel('Assign 2 to').fill('Sam Staff')
    await bulk.getByRole('button', { name: 'Assign' }).click()
    await expect(page.getByText('2 of 2 assigned to staff.')).toBeVisible()
    const after = await direct(numbers[0]!)
    expect(after.assigned_User).toBe('staff')
    expect(after.narrative).toBe('Records requested by the other desk.')
    expect((await direct(numbers[1]!)).assigned_User).toBe('staff')
    // The assignee by the directory's name, as every view names people.
    await expect(page.getByRole('table', { name: 'Auths in the register' })).toContainText(
      'Sam Staff',
    )

    // Again: nothing to send, and it says so.
    await page.getByRole('checkbox', { name: 'Choose every auth on this page' }).check()
    await bulk.getByLabel('Assign 2 to').fill('staff')
    await bulk.getByRole('button', { name: 'Assign' }).click()
    await expect(page.getByText('0 of 2 assigned to staff; 2 already were.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('the CMS report', () => {
  test('admins and compliance read it; its CSV is its table; support cannot open it', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin')
    const auth = await createAuth(page, {
      urgent: true,
      received_Date: serviceText(new Date(Date.now() - 5 * HOUR)),
    })
    const decided = await service(page, 'POST', `/auths/${auth.auth_Number}/process-status/A`)
    expect(decided.status).toBe(200)
    await page.goto('/auths/report')
    const table = page.getByRole('table', { name: /^Prior authorizations decided in \d{4}$/ })
    await expect(table).toBeVisible()
    const expedited = table.getByRole('row', { name: /^Requests decided/ })
    await expect(expedited).toBeVisible()
    const cells = await table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
      )
    expect(Number(cells[1]![2])).toBeGreaterThanOrEqual(1)
    await expectNoSeriousA11yViolations(page)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = await readFile(await (await download).path(), 'utf8')
    const parsed = csv
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.slice(0, 3))
      .map((fields) =>
        fields.map((f) =>
          f
            .replace(/,$/, '')
            .replace(/^"(.*)"$/, '$1')
            .replaceAll('""', '"'),
        ),
      )
    expect(parsed).toEqual(cells)

    const compliance = await (await browser.newContext()).newPage()
    await signIn(compliance, 'compliance')
    await compliance.goto('/auths/report')
    await expect(
      compliance.getByRole('table', { name: /^Prior authorizations decided/ }),
    ).toBeVisible()

    const support = await (await browser.newContext()).newPage()
    await signIn(support, 'support')
    await support.goto('/auths/report')
    await expect(support.getByRole('main')).toContainText('CMS report')
    await expect(support.getByRole('table', { name: /^Prior authorizations decided/ })).toHaveCount(
      0,
    )
  })
})
