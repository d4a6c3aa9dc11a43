import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { expect, service as serviceAs, signIn, test, type ServiceClock } from './fixtures'

type Json = Record<string, unknown>

/** Calls the service as another client would (with a JSON body when given). */
const service = (page: Page, method: string, path: string, body?: unknown) =>
  serviceAs<Json>(page, method, path, body)

const REQUIRED = {
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
}

/** Creates an auth through the service and returns its number. */
async function createAuth(page: Page, fields: Json = {}): Promise<string> {
  const { status, data } = await service(page, 'POST', '/auths', {
    ...REQUIRED,
    auth_Code: 'P',
    status: 'Pended',
    service_Type: 'Physical Therapy',
    service_Code: '97110',
    unit_Type: 'Visit',
    subscriber_ID: '100244581',
    member_Seq: '01',
    notes: 'Created by the e2e test',
    ...fields,
  })
  expect(status).toBe(200)
  return data.auth_Number as string
}

/** A seeded auth: the first of the service's year, else of the year before. */
async function seededAuthNumber(page: Page, clock: ServiceClock): Promise<string> {
  const yy = clock.now().getFullYear() % 100
  for (const year of [yy, yy - 1]) {
    const n = `${String(year).padStart(2, '0')}-000001`
    if ((await service(page, 'GET', `/auths/${n}`)).status === 200) return n
  }
  throw new Error('No seeded auth found')
}

test.describe('auths', () => {
  // Sign-in, several service calls and an axe run per test: more than the default 30 s may pass.
  test.describe.configure({ timeout: 60_000 })

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'support')
  })

  test('lookup: a found number opens the auth, a missing one says so, recent ones return', async ({
    page,
    clock,
  }) => {
    const authNumber = await seededAuthNumber(page, clock)
    await page.goto('/auths')
    await expect(page.getByRole('heading', { name: 'Auths', level: 1 })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Auth number').fill('99-999999')
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page.getByRole('alert')).toContainText('No auth 99-999999 in the demo database')
    await expect(page).toHaveURL(/\/auths$/)

    await page.getByLabel('Auth number').fill(authNumber)
    await page.getByLabel('Auth number').press('Enter')
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}$`))
    await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()

    await page.goto('/auths')
    const recent = page.getByRole('list', { name: 'Recent lookups' })
    await expect(recent.getByRole('link', { name: authNumber })).toBeVisible()
    await expect(recent.getByRole('link', { name: '99-999999' })).toHaveCount(0)
    await recent.getByRole('link', { name: authNumber }).click()
    await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()
    // Numbers only in localStorage: no names, no other member data.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(stored).toContain(authNumber)
    expect(stored).not.toMatch(/subscriber|member|Last_Name/i)
  })

  test('detail shows the auth with its custom fields: member, provider, counts', async ({
    page,
    clock,
  }) => {
    const original = await seededAuthNumber(page, clock)
    const adjusted = await service(page, 'POST', `/auths/${original}/adjust`, {
      auth_Number: original,
      recalcIBNR: false,
      copyProcCodes: true,
      copyDiagCodes: true,
    })
    expect(adjusted.status).toBe(200)
    const vba = (await service(page, 'GET', `/auths-vba/${original}`)).data
    const auth = vba.authDetail as Json

    await page.goto(`/auths/${original}`)
    const member = page.getByRole('region', { name: 'Member', exact: true })
    await expect(member).toContainText(`${vba.member_First_Name} ${vba.member_Last_Name}`)
    await expect(member).toContainText(`Subscriber ${auth.subscriber_ID}`)
    const provider = page.getByRole('region', { name: 'Provider', exact: true })
    await expect(provider).toContainText(String(vba.provider_Org_Name ?? vba.provider_Last_Name))
    await expect(provider).toContainText(`NPI ${vba.provider_Entity_ID}`)
    expect(vba.auth_Adjust_Count).toBeGreaterThanOrEqual(1)
    const times = vba.auth_Adjust_Count === 1 ? 'once' : `${vba.auth_Adjust_Count} times`
    await expect(page.getByRole('region', { name: 'Linked auths' })).toContainText(
      `Adjusted ${times}`,
    )
    await expect(page.getByText(String(auth.status), { exact: true }).first()).toBeVisible()
    const ranges = page.getByRole('region', { name: 'Requested, approved, denied and actual' })
    await expect(ranges.getByRole('rowheader', { name: 'Approved' })).toBeVisible()
    // Legacy fields are folded away, not dropped.
    await page.getByText('Legacy and other fields').click()
    await expect(page.getByText('cityCode_ID')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('create: the form refuses bad values, then creates the auth', async ({ page }) => {
    await page.goto('/auths/new')
    await page.getByLabel('Subscriber ID').fill('100244581')
    await page.getByLabel('Member sequence').fill('02')
    await page.getByLabel('Procedure code').fill('97110')
    await page.getByLabel('Requested from').fill('2026-05-10')
    await page.getByLabel('Requested thru').fill('2026-05-01')
    await page.getByLabel('Requested units').fill('-4')
    await page.getByLabel('Notes').fill('New auth from the e2e test')
    await page.getByLabel('Urgent').check()
    await page.getByRole('button', { name: 'Create auth' }).click()
    await expect(page.getByText('Must not be before requested from')).toBeVisible()
    await expect(page.getByText('Must be 0 or more')).toBeVisible()
    await expect(page).toHaveURL(/\/auths\/new$/)
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Requested thru').fill('2026-06-30')
    await page.getByLabel('Requested units').fill('12')
    await page.getByRole('button', { name: 'Create auth' }).click()
    await expect(page.getByRole('heading', { name: /^Auth \S+$/ })).toBeVisible()
    await expect(page.getByText(/Auth \S+ created/)).toBeVisible()
    const authNumber = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    const stored = (await service(page, 'GET', `/auths/${authNumber}`)).data
    expect(stored).toMatchObject({
      subscriber_ID: '100244581',
      member_Seq: '02',
      service_Code: '97110',
      requested_From: '2026-05-10T00:00:00',
      requested_Thru: '2026-06-30T00:00:00',
      units_Requested: 12,
      urgent: true,
      closed: false,
      notes: 'New auth from the e2e test',
    })
  })

  test('edit: a field the form does not show survives the round trip', async ({ page }) => {
    const authNumber = await createAuth(page, { cityCode_ID: 'LEGACY-7', units_Approved: 4 })
    await page.goto(`/auths/${authNumber}/edit`)
    await expect(page.getByRole('heading', { name: `Edit auth ${authNumber}` })).toBeVisible()
    await expect(page.getByLabel('City code')).toHaveCount(0)
    await page.getByLabel('Notes').fill('Edited in the console')
    await page.getByLabel('Approved units').fill('6')
    await expectNoSeriousA11yViolations(page)

    // A code the service refuses: its message lands on the field, nothing typed is lost.
    await page.getByLabel('Auth code').fill('Z')
    await page.getByRole('button', { name: 'Save auth' }).click()
    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid fields: auth_Code' }),
    ).toBeVisible()
    await expect(page.getByText('Expected one of A, P, D, C')).toBeVisible()
    await expect(page.getByLabel('Auth code')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Notes')).toHaveValue('Edited in the console')
    expect((await service(page, 'GET', `/auths/${authNumber}`)).data.notes).toBe(
      'Created by the e2e test',
    )

    await page.getByLabel('Auth code').fill('P')
    await page.getByRole('button', { name: 'Save auth' }).click()
    await expect(page.getByText(`Auth ${authNumber} saved`)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}$`))

    const stored = (await service(page, 'GET', `/auths/${authNumber}`)).data
    expect(stored.notes).toBe('Edited in the console')
    expect(stored.units_Approved).toBe(6)
    expect(stored.cityCode_ID).toBe('LEGACY-7')
    expect(stored.subscriber_ID).toBe('100244581')
  })

  test('edit: a save by someone else in between is shown before overwriting', async ({ page }) => {
    const authNumber = await createAuth(page, { assigned_User: 'dchen' })
    await page.goto(`/auths/${authNumber}/edit`)
    await page.getByLabel('Notes').fill('Mine')
    const current = (await service(page, 'GET', `/auths/${authNumber}`)).data
    await page.waitForTimeout(1100) // update_Date has whole seconds
    expect(
      (await service(page, 'PUT', `/auths/${authNumber}`, { ...current, assigned_User: 'iwhite' }))
        .status,
    ).toBe(200)

    await page.getByRole('button', { name: 'Save auth' }).click()
    const dialog = page.getByRole('alertdialog', {
      name: 'This auth changed while you were editing',
    })
    await expect(dialog).toBeVisible()
    // People by the directory's names: who saved it, and the assignee they set.
    await expect(dialog).toContainText('Pat Support (support) saved it')
    await expect(dialog.getByRole('row', { name: /Assigned to/ })).toContainText(
      'Isaac White (iwhite)',
    )
    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click()
    await expect(page.getByText(`Auth ${authNumber} saved`)).toBeVisible()
    const stored = (await service(page, 'GET', `/auths/${authNumber}`)).data
    expect(stored).toMatchObject({ notes: 'Mine', assigned_User: 'iwhite' })
    await expect(page.getByRole('definition').filter({ hasText: /^Isaac White$/ })).toBeVisible()
    const updatedBy = page.getByRole('term').filter({ hasText: /^Updated by$/ })
    await expect(updatedBy.locator('xpath=following-sibling::dd')).toHaveText(
      'Pat Support (support)',
    )
  })

  test('delete asks for the auth number before deleting', async ({ page }) => {
    const authNumber = await createAuth(page)
    await page.goto(`/auths/${authNumber}`)
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: `Delete auth ${authNumber}?` })
    const confirm = dialog.getByRole('button', { name: 'Delete auth' })
    await expect(confirm).toBeDisabled()
    await dialog.getByLabel(`Type ${authNumber} to confirm`).fill('26-000000')
    await expect(confirm).toBeDisabled()
    await dialog.getByLabel(`Type ${authNumber} to confirm`).fill(authNumber)
    await confirm.click()
    await expect(page.getByText(`Auth ${authNumber} deleted`)).toBeVisible()
    await expect(page).toHaveURL(/\/auths$/)
    expect((await service(page, 'GET', `/auths/${authNumber}`)).status).toBe(404)
  })

  test('adjust opens the new auth, which links back to the original', async ({ page }) => {
    const original = await createAuth(page, {
      auth_Code: 'A',
      status: 'Approved',
      approved_From: '2026-03-01T00:00:00',
      approved_Thru: '2026-03-31T00:00:00',
      units_Approved: 8,
    })
    await page.goto(`/auths/${original}`)
    await page.getByRole('button', { name: 'Adjust' }).click()
    const dialog = page.getByRole('dialog', { name: `Adjust auth ${original}` })
    await expect(dialog.getByLabel('New approved from')).toHaveValue('2026-03-01')
    await dialog.getByLabel('New approved thru').fill('2026-02-01')
    await dialog.getByRole('button', { name: 'Create adjustment' }).click()
    await expect(dialog.getByText('Must not be before the new approved from date')).toBeVisible()
    await dialog.getByLabel('New approved thru').fill('2026-04-30')
    await dialog.getByRole('button', { name: 'Create adjustment' }).click()

    await expect(page).not.toHaveURL(new RegExp(`/auths/${original}$`))
    const created = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    await expect(page.getByRole('heading', { name: `Auth ${created}` })).toBeVisible()
    await expect(page.getByText(`This auth is an adjustment of auth ${original}`)).toBeVisible()
    const stored = (await service(page, 'GET', `/auths/${created}`)).data
    expect(stored).toMatchObject({ previous_Auth: original, approved_Thru: '2026-04-30T00:00:00' })

    await page
      .getByRole('link', { name: `auth ${original}` })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: `Auth ${original}` })).toBeVisible()
    const linked = page.getByRole('region', { name: 'Linked auths' })
    await expect(linked).toContainText('Adjusted once')
    await expect(linked.getByRole('link', { name: `auth ${created}` })).toHaveAttribute(
      'href',
      `/auths/${created}`,
    )

    // The original cannot be deleted while its adjustment refers to it: the dialog says why.
    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete auth ${original}?` })
    await confirm.getByLabel(`Type ${original} to confirm`).fill(original)
    await confirm.getByRole('button', { name: 'Delete auth' }).click()
    await expect(confirm.getByRole('alert')).toContainText('cannot be deleted: 1 adjustment')
    expect((await service(page, 'GET', `/auths/${original}`)).status).toBe(200)
  })

  test('change status: the codes are listed with their meanings, a refused code is explained, a valid one applies', async ({
    page,
  }) => {
    const authNumber = await createAuth(page)
    await page.goto(`/auths/${authNumber}`)
    await page.getByRole('button', { name: 'Change status' }).click()
    const dialog = page.getByRole('dialog', { name: `Change the status of auth ${authNumber}` })
    // Up front, with what each means (config.json), the current one marked: no empty box.
    const codes = dialog.getByRole('group', { name: 'New status' })
    await expect(codes.getByRole('radio')).toHaveCount(5)
    await expect(
      codes.getByRole('radio', { name: /^A Approved: services may be rendered/ }),
    ).toBeVisible()
    await expect(codes.getByRole('radio', { name: /^P Pended.*\(current\)$/ })).toBeVisible()
    await expect(codes.getByRole('radio', { name: /^D Denied/ })).toBeVisible()
    await expect(codes.getByRole('radio', { name: /^C Closed/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Another code, refused: explained once, in the dialog.
    await codes.getByRole('radio', { name: 'Another code' }).check()
    await dialog.getByLabel('Code', { exact: true }).fill('Z')
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog.getByRole('alert')).toContainText('The service refused code Z')
    await expect(dialog.getByRole('alert')).toContainText('Valid codes: A (Approved)')
    await expect(page.getByText('The service refused code Z')).toHaveCount(1)
    expect((await service(page, 'GET', `/auths/${authNumber}`)).data.auth_Code).toBe('P')

    // Approving asks for what approval needs: nothing was requested to prefill it from here.
    await codes.getByRole('radio', { name: /^A Approved/ }).check()
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog.getByText('Enter the first day approved')).toBeVisible()
    await dialog.getByLabel('Approved from').fill('2026-03-01')
    await dialog.getByLabel('Approved thru').fill('2026-03-31')
    await dialog.getByLabel('Approved units').fill('6')
    await dialog.getByRole('button', { name: 'Change status' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(`Auth ${authNumber} is now Approved`)).toBeVisible()
    await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Linked auths' })).toBeVisible()
    await expect(page.locator('main').getByText('Approved', { exact: true }).first()).toBeVisible()
    const stored = (await service(page, 'GET', `/auths/${authNumber}`)).data
    expect(stored).toMatchObject({
      auth_Code: 'A',
      status: 'Approved',
      approved_By: 'support',
      approved_From: '2026-03-01T00:00:00',
      approved_Thru: '2026-03-31T00:00:00',
      units_Approved: 6,
    })
    // Who approved and when are the service's record: shown in the form, never an input there.
    await page.goto(`/auths/${authNumber}/edit`)
    await expect(
      page.getByText(/Approved by Pat Support \(support\) on .*recorded by the service/),
    ).toBeVisible()
    await expect(page.getByLabel('Approved by')).toHaveCount(0)
    await expect(page.getByLabel('Approved on')).toHaveCount(0)
  })

  test('a code that contradicts the status is refused by the form, and the badge shows what is stored', async ({
    page,
  }) => {
    const authNumber = await createAuth(page, { auth_Code: 'D', status: 'Denied' })
    await page.goto(`/auths/${authNumber}/edit`)
    await page.getByLabel('Auth code').fill('A')
    await page.getByRole('button', { name: 'Save auth' }).click()
    await expect(
      page.getByText('Code A means Approved, but the status reads Denied.'),
    ).toBeVisible()
    await expect(page.getByLabel('Status', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}/edit$`))
    expect((await service(page, 'GET', `/auths/${authNumber}`)).data).toMatchObject({
      auth_Code: 'D',
      status: 'Denied',
    })
    await expectNoSeriousA11yViolations(page)

    // Another client may still store one: not a green "Approved", the stored pair, disagreeing.
    const other = await createAuth(page, { auth_Code: 'A', status: 'Denied' })
    await page.goto(`/auths/${other}`)
    const badge = page.getByText('disagree', { exact: true }).locator('..')
    await expect(badge).toHaveText(/^Denied, code · A\s*disagree$/)
    await expect(page.getByRole('note')).toContainText('Code and status disagree.')
  })

  test('batch import: the bad row is shown, valid rows are sent, results per row', async ({
    page,
  }) => {
    const existing = await createAuth(page, { assigned_User: 'dchen', region: 'East' })
    await page.goto('/auths/import')
    const csv = [
      'auth_Number,subscriber_ID,service_Code,requested_From,requested_Thru,units_Requested,urgent,notes',
      ',100244581,97110,2026-04-01,2026-05-31,12,false,Imported new',
      ',100244252,72148,2026-04-10,2026-04-01,-3,maybe,Bad row',
      `${existing},,,,,,,"Updated ""notes"", by import"`,
    ].join('\n')
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()

    await expect(page.getByText('1 with problems')).toBeVisible()
    const badRow = page.getByRole('row', { name: /^2\s*line 3/ })
    await expect(badRow).toContainText('Requested units: Must be 0 or more')
    await expect(badRow).toContainText('Requested thru: Must not be before requested from')
    await expect(badRow).toContainText('Urgent: Use true or false')
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Send 2 ready rows' }).click()
    await expect(page.getByText('2 of 2 auths saved')).toBeVisible()
    const created = page.getByRole('row', { name: /^1\s*line 2/ })
    await expect(created).toContainText('Created')
    await expect(page.getByRole('row', { name: /^3\s*line 4/ })).toContainText('Updated')
    await expect(badRow).toContainText('3 problems')

    const createdNumber = (await created.getByRole('link').textContent())?.replace('Open ', '')
    expect((await service(page, 'GET', `/auths/${createdNumber}`)).data).toMatchObject({
      subscriber_ID: '100244581',
      units_Requested: 12,
      notes: 'Imported new',
    })
    // The update changed the notes only: blank cells and missing columns kept their values.
    expect((await service(page, 'GET', `/auths/${existing}`)).data).toMatchObject({
      notes: 'Updated "notes", by import',
      assigned_User: 'dchen',
      region: 'East',
      subscriber_ID: '100244581',
    })

    // Fix the bad row and send it again.
    await badRow.getByRole('button', { name: 'Fix row 2' }).click()
    const editor = page.getByRole('dialog', { name: 'Fix row 2' })
    await editor.getByLabel('Requested units').fill('3')
    await editor.getByLabel('Requested thru').fill('2026-04-30')
    await editor.getByLabel('Urgent').fill('no')
    await editor.getByRole('button', { name: 'Apply and check' }).click()
    await expect(badRow).toContainText('New auth')
    await page.getByRole('button', { name: 'Send 1 ready row' }).click()
    await expect(page.getByText('1 of 1 auths saved')).toBeVisible()
    await expect(badRow).toContainText('Created')
    await expect(page.getByText('3 saved')).toBeVisible()
  })
})
