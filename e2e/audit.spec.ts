import { readFile } from 'node:fs/promises'
import { expectNoSeriousA11yViolations } from './axe'
import {
  API_KEY,
  createAuth,
  createEvent,
  expect,
  service,
  serviceToken,
  signIn,
  test,
} from './fixtures'

/*
 * The Audit page over the console server's record: who viewed an auth, what a user changed, the
 * export, and the chain's state; open to administrators, not to staff.
 */

/** The sandbox itself, behind the console server (playwright.config.ts puts it there). */
const serviceDirect = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 2000}/api`

test.describe('the audit record', () => {
  test('an event’s history shows a change made in the console and one made over the service’s API, each by whom', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    const event = await createEvent(page, { subject: 'History: as created' })
    const id = event.event_ID
    // Through the console (its server passes it on and records it).
    const renamed = await service(page, 'PUT', `/events/${id}`, {
      ...event,
      subject: 'History: renamed in the console',
    })
    expect(renamed.status).toBe(200)
    // Another client of the service, past the console.
    const direct = await fetch(`${serviceDirect}/events/${id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await serviceToken(page, 'support')}`,
        'x-api-key': API_KEY,
        'service-database': 'demo',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...renamed.data, subject: 'History: renamed outside' }),
    })
    expect(direct.status).toBe(200)

    await page.goto(`/events/${id}`)
    const history = page.getByRole('region', { name: 'History' })
    const items = history.getByRole('listitem').filter({ has: page.getByRole('list') })
    await expect(items).toHaveCount(3, { timeout: 10_000 })
    await expect(items.nth(0)).toContainText(
      'Changed outside the console by Pat Support (support) (as the service says)',
    )
    await expect(items.nth(0)).toContainText(
      'Subject: History: renamed in the console → History: renamed outside',
    )
    await expect(items.nth(1)).toContainText('Alex Admin changed')
    await expect(items.nth(1)).toContainText(
      'Subject: History: as created → History: renamed in the console',
    )
    await expect(items.nth(2)).toContainText('Alex Admin created it')
    await expect(items.nth(2)).toContainText('Subject: empty → History: as created')
    await expect(page.getByRole('heading', { name: 'History: renamed outside' })).toBeVisible()
  })

  test('an admin finds who viewed an auth and what they changed, exports it, and sees the chain whole', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin')
    const auth = await createAuth(page, { subscriber_ID: 'AUD-4417' })
    const number = auth.auth_Number

    // Staff reads the auth in a browser of their own.
    const staffContext = await browser.newContext()
    const staffPage = await staffContext.newPage()
    await signIn(staffPage, 'staff')
    await staffPage.goto(`/auths/${number}`)
    await expect(staffPage.getByRole('heading', { name: `Auth ${number}` })).toBeVisible()
    await staffContext.close()

    // From the auth's own page to its audit.
    await page.goto(`/auths/${number}`)
    await page.getByRole('link', { name: 'Audit trail' }).click()
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Record ID')).toHaveValue(number)
    await expect(page.getByText('The audit chain is whole')).toBeVisible({ timeout: 15_000 })

    await page.getByLabel('Kind').selectOption('read')
    await page.getByRole('button', { name: 'Find entries' }).click()
    const table = page.getByRole('table', { name: 'Audit entries, newest first' })
    // Staff read it (the auth and its service's view); the admin too; nobody else.
    const viewers = table.getByRole('row').filter({ hasText: `Auth ${number}` })
    await expect(viewers.filter({ hasText: 'Sam Staff' }).first()).toContainText('Viewed')
    const who = new Set(
      (await viewers.allInnerTexts()).map((text) => /(Sam Staff|Alex Admin)/.exec(text)?.[1]),
    )
    expect(who).toEqual(new Set(['Sam Staff', 'Alex Admin']))

    // What the admin changed today: the auth they created, with its fields.
    await page.getByLabel('Record ID').fill('')
    await page.getByLabel('Record', { exact: true }).selectOption('')
    await page.getByLabel('Person').fill('admin')
    await page.getByLabel('Kind').selectOption('write')
    await page.getByLabel('Member (subscriber ID)').fill('AUD-4417')
    await page.getByRole('button', { name: 'Find entries' }).click()
    const created = table.getByRole('row').filter({ hasText: `Auth ${number}` })
    await expect(created).toHaveCount(1)
    await expect(created).toContainText('Changed')
    await expect(created).toContainText('subscriber_ID: (empty) → AUD-4417')
    // The member's ID was typed, and sent in a body: never in an address.
    expect(page.url()).not.toContain('AUD-4417')

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile(await file.path())).toString('utf8').replace(/^\ufeff/, '')
    expect(
      text.startsWith(
        'Entry,When (UTC),User ID,User name,Action,Operation,Record type,Record ID,Changes,',
      ),
    ).toBe(true)
    // One entry (a line starting with its number; the changes sit on lines of their own, quoted).
    expect(text.match(/\r\n\d+,/g)).toHaveLength(1)
    expect(text).toContain(`,admin,Alex Admin,Changed,POST /auths,auth,${number},"`)
    expect(text).toContain('subscriber_ID: (empty) → AUD-4417')

    await expectNoSeriousA11yViolations(page)

    // Their sign-ins sit under sessions, not among the changes.
    await page.getByLabel('Member (subscriber ID)').fill('')
    await page.getByLabel('Kind').selectOption('session')
    await page.getByRole('button', { name: 'Find entries' }).click()
    await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible()
    await expect(table.getByRole('row').filter({ hasText: 'Changed' })).toHaveCount(0)
    await expect(table.getByRole('row').filter({ hasText: 'Viewed' })).toHaveCount(0)
  })

  test('staff are not offered the Audit page, and reaching it by address says who may', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await expect(page.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0)
    await page.goto('/admin/audit')
    await expect(page.getByText(/administrators and compliance staff/)).toBeVisible()
    await expect(page.getByRole('table', { name: 'Audit entries, newest first' })).toHaveCount(0)
  })

  test('a compliance officer reads the audit, and nothing of an administrator’s', async ({
    page,
  }) => {
    await signIn(page, 'compliance')
    await page.getByRole('link', { name: 'Audit', exact: true }).click()
    const table = page.getByRole('table', { name: 'Audit entries, newest first' })
    await expect(table).toBeVisible()
    await expect(table.getByRole('row')).not.toHaveCount(1)
    await expect(page.getByText('The audit chain is whole')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('link', { name: 'Sessions', exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Password policy', exact: true })).toHaveCount(0)
    await page.goto('/admin/sessions')
    await expect(page.getByText(/administrators/)).toBeVisible()
  })
})
