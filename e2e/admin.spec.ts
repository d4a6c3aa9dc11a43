import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  API_KEY,
  callService,
  expect,
  expectAskedToSignInAgain,
  sessionToken,
  signIn,
  signOut,
  test,
  trackBearerTokens,
} from './fixtures'

type Policy = Record<string, unknown>

async function readPolicy(page: Page): Promise<Policy> {
  const answer = await callService(page, 'GET', '/password-policy', await sessionToken(page))
  expect(answer.status).toBe(200)
  return answer.body.data as Policy
}

/** Puts a policy back as another client of the service would (callService sends no body). */
async function writePolicy(page: Page, policy: Policy) {
  const response = await page.request.put('/api/password-policy', {
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'x-api-key': API_KEY,
      'service-database': 'demo',
    },
    data: policy,
  })
  expect(response.status()).toBe(200)
}

const userCard = (page: Page) => page.getByRole('region', { name: "End a user's session" })
const longestCard = (page: Page) => page.getByRole('region', { name: 'End the longest session' })
/** The log of sessions ended: the console server's audit (here), else the tab's own. */
const actionLog = (page: Page) =>
  page.getByRole('region', {
    name: /^(Sessions ended by administrators|Actions taken in this browser session)$/,
  })

async function endSessionOf(page: Page, userId: string) {
  await userCard(page).getByLabel('User ID').fill(userId)
  await userCard(page).getByRole('button', { name: 'End session…' }).click()
  const dialog = page.getByRole('alertdialog', { name: `End the session of ${userId}?` })
  await expect(dialog).toContainText('will have to sign in again')
  await dialog.getByRole('button', { name: 'End session', exact: true }).click()
  await expect(dialog).toBeHidden()
}

async function endLongestSession(page: Page) {
  await longestCard(page).getByRole('button', { name: 'End longest session…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'End the longest session?' })
  await expect(dialog).toContainText('other than you')
  await dialog.getByRole('button', { name: 'End longest session', exact: true }).click()
  await expect(dialog).toBeHidden()
}

test.describe('admin: sessions', () => {
  test("an admin ends staff's session: staff is asked to sign in again and the old token is refused", async ({
    page,
    browser,
  }) => {
    const staffContext = await browser.newContext()
    trackBearerTokens(staffContext)
    const staffPage = await staffContext.newPage()
    await signIn(staffPage, 'staff')
    const staffToken = await sessionToken(staffPage)
    expect((await callService(staffPage, 'GET', '/priorities', staffToken)).status).toBe(200)

    await signIn(page, 'admin')
    await page.getByRole('link', { name: 'Sessions' }).click()
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/kick/staff',
    )
    await endSessionOf(page, 'staff')
    const sent = ((await (await answer).json()) as { debug: { activityID: string } }).debug
      .activityID
    expect(sent).toMatch(/^[0-9a-f-]{36}$/)

    await expect(userCard(page)).toContainText(/Ended \d+ sessions? of staff/)
    await expect(userCard(page)).toContainText('staff will have to sign in again.')
    await expect(userCard(page)).toContainText(`Activity ID ${sent}`)
    const row = actionLog(page).getByRole('row').nth(1)
    await expect(row).toContainText('Alex Admin')
    await expect(row).toContainText('End the session of staff')
    await expect(row).toContainText(/Ended \d+ sessions? of staff/)
    await expect(row.getByRole('cell').nth(4)).toHaveText(sent)

    await staffPage.goto('/events')
    await expectAskedToSignInAgain(staffPage)
    expect((await callService(staffPage, 'GET', '/priorities', staffToken)).status).toBe(401)
    await staffContext.close()
  })

  test('an admin ends the longest session, until nobody else is signed in', async ({
    page,
    browser,
  }) => {
    const supportContext = await browser.newContext()
    trackBearerTokens(supportContext)
    const supportPage = await supportContext.newPage()
    await signIn(supportPage, 'support')
    const supportToken = await sessionToken(supportPage)

    await signIn(page, 'admin')
    await page.goto('/admin/sessions')
    await endLongestSession(page)
    await expect(longestCard(page)).toContainText(/Ended \d+ sessions? of \S+/)
    await expect(longestCard(page)).toContainText('had been signed in longest')

    // Every other user's sessions end one user at a time; then the service says nobody is left,
    // or only the console server's own reader is (it signs in again to keep reading the plan, and
    // on a busy machine does so before the next click).
    const supportRefused = async () =>
      (await callService(page, 'GET', '/priorities', supportToken)).status === 401
    for (let i = 0; i < 10; i += 1) {
      const said = (await longestCard(page).textContent()) ?? ''
      if (said.includes('Nobody else is signed in')) break
      if (/Ended \d+ sessions? of console-server/.test(said) && (await supportRefused())) break
      await endLongestSession(page)
    }
    await expect(longestCard(page)).toContainText(
      /Nobody else is signed in|Ended \d+ sessions? of console-server/,
    )
    expect(await supportRefused()).toBe(true)
    expect((await callService(page, 'GET', '/priorities', await sessionToken(page))).status).toBe(
      200,
    )
    await expect(actionLog(page).getByRole('row').nth(1)).toContainText('End the longest session')
    await supportContext.close()
  })

  test('the log of ended sessions is the server’s: another admin’s browser shows the kick, and nothing is kept in the tab', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin')
    await page.goto('/admin/sessions')
    await endSessionOf(page, 'nobody-by-this-name')
    await expect(userCard(page)).toContainText('No such user: nobody-by-this-name')
    expect(
      await page.evaluate(() => sessionStorage.getItem('bac.admin.session-actions')),
    ).toBeNull()

    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await signIn(otherPage, 'admin')
    await otherPage.goto('/admin/sessions')
    const row = actionLog(otherPage).getByRole('row').filter({ hasText: 'nobody-by-this-name' })
    await expect(row.first()).toContainText('Alex Admin')
    await expect(row.first()).toContainText('No such user: nobody-by-this-name')
    await other.close()
  })

  test('the Sessions page lists who is signed in through the console, with open tabs, and ends one from the list', async ({
    page,
    browser,
  }) => {
    const staffContext = await browser.newContext()
    const staffPage = await staffContext.newPage()
    await signIn(staffPage, 'staff')
    await signIn(page, 'admin')
    await page.goto('/admin/sessions')
    const signedIn = page.getByRole('region', { name: 'Signed in through the console' })
    const staffRow = signedIn.getByRole('row').filter({ hasText: 'Sam Staff (staff)' })
    await expect(staffRow.first()).toBeVisible({ timeout: 20_000 })
    await expect(staffRow.first().getByRole('cell').nth(4)).not.toHaveText('0')
    await staffRow.first().getByRole('button', { name: 'End session of staff…' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'End the session of staff?' })
    await dialog.getByRole('button', { name: 'End session', exact: true }).click()
    await expect(userCard(page)).toContainText(/Ended \d+ sessions? of staff/)
    await expect(staffRow).toHaveCount(0)
    await expectAskedToSignInAgain(staffPage)
    await staffContext.close()
  })

  test('ending the session of an unknown user says there is no such user', async ({ page }) => {
    await signIn(page, 'admin')
    await page.goto('/admin/sessions')
    await endSessionOf(page, 'no-such-person')
    await expect(userCard(page)).toContainText('No such user: no-such-person')
    await expect(userCard(page).getByLabel('User ID')).toHaveValue('no-such-person')
    const row = actionLog(page).getByRole('row').nth(1)
    await expect(row).toContainText('No such user: no-such-person')
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^[0-9a-f-]{36}$/)
  })

  test('the Sessions page has no serious accessibility problems, in light and dark', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    await page.goto('/admin/sessions')
    await userCard(page).getByRole('button', { name: 'End session…' }).click()
    await expect(userCard(page).getByText('Enter the user ID')).toBeVisible()
    await endSessionOf(page, 'nobody-at-all')
    await expect(actionLog(page).getByRole('table')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('admin: password policy', () => {
  test('the policy is read, changed with the diff confirmed, and the service keeps it', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    const before = await readPolicy(page)
    await page.getByRole('link', { name: 'Password policy' }).click()

    const length = page.getByLabel('Minimum length')
    await expect(length).toHaveValue(String(before.minimumLength))
    await expect(page.getByLabel('Require a number')).toBeChecked({
      checked: before.requireNumbers === true,
    })
    // A field the console does not model is shown and editable by its type.
    await expect(page.getByLabel('Password history size')).toHaveValue(
      String(before.passwordHistorySize),
    )

    const newLength = Number(before.minimumLength) + 2
    const newHistory = Number(before.passwordHistorySize) === 10 ? 11 : 10
    await length.fill(String(newLength))
    await page.getByLabel('Require a number').setChecked(before.requireNumbers !== true)
    await page.getByLabel('Password history size').fill(String(newHistory))
    await page.getByRole('button', { name: 'Review and save…' }).click()

    const dialog = page.getByRole('alertdialog', { name: 'Save the password policy?' })
    const rows = dialog.getByRole('row')
    await expect(rows).toHaveCount(4)
    await expect(rows.nth(1)).toHaveText(
      `Minimum length${before.minimumLength} characters${newLength} characters`,
    )
    await expect(rows.nth(2)).toContainText('Require a number')
    await expect(rows.nth(3)).toHaveText(
      `Password history size${before.passwordHistorySize}${newHistory}`,
    )
    await dialog.getByRole('button', { name: 'Save policy' }).click()
    await expect(page.getByText('Password policy saved')).toBeVisible()
    await expect(page.getByText('No unsaved changes.')).toBeVisible()

    expect(await readPolicy(page)).toEqual({
      ...before,
      minimumLength: newLength,
      requireNumbers: before.requireNumbers !== true,
      passwordHistorySize: newHistory,
    })
    await writePolicy(page, before)
  })

  test('out-of-range values are refused on the form, next to their fields', async ({ page }) => {
    await signIn(page, 'admin')
    const before = await readPolicy(page)
    await page.goto('/admin/password-policy')
    const length = page.getByLabel('Minimum length')
    const days = page.getByLabel('Temporary password validity (days)')
    await length.fill('5')
    await days.fill('400')
    await page.getByRole('button', { name: 'Review and save…' }).click()

    await expect(length).toHaveAttribute('aria-invalid', 'true')
    await expect(length).toHaveAccessibleDescription(/Enter a whole number from 6 to 99/)
    await expect(days).toHaveAccessibleDescription(/Enter a whole number from 0 to 365/)
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(length).toHaveValue('5')
    expect(await readPolicy(page)).toEqual(before)
  })

  test('the sample password is checked against the edited, unsaved policy', async ({ page }) => {
    await signIn(page, 'admin')
    await page.goto('/admin/password-policy')
    await page.getByLabel('Minimum length').fill('20')
    await page.getByLabel('Sample password').fill('Short1!a')
    const checker = page.getByRole('complementary', { name: 'Password checker' })
    await expect(checker.getByRole('listitem').first()).toHaveText(
      /Not met: At least 20 characters/,
    )
    await page.getByLabel('Minimum length').fill('8')
    await expect(checker).toContainText('Meets every rule of the edited policy.')
    await expect(page.getByLabel('Sample password')).toHaveAttribute('type', 'password')
    await checker.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByLabel('Sample password')).toHaveAttribute('type', 'text')
  })

  test('the Password policy page has no serious accessibility problems, in light and dark', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    await page.goto('/admin/password-policy')
    await page.getByLabel('Minimum length').fill('3')
    await page.getByLabel('Sample password').fill('abc')
    await page.getByRole('button', { name: 'Review and save…' }).click()
    await expect(page.getByText('Enter a whole number from 6 to 99')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expectNoSeriousA11yViolations(page)
  })
})

test('a staff user sees only what staff may do, and an admin page reached by its address says why once', async ({
  page,
}) => {
  await signIn(page, 'staff')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'My events' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Look up' })).toBeVisible()
  // No admin navigation, and no auth changes (support and admins change auths).
  await expect(nav.getByText('Admin', { exact: true })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Sessions' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Password policy' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Import' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Look up' }).click()
  await expect(page.getByRole('heading', { name: 'Find an auth' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New auth' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Import auths' })).toHaveCount(0)
  // Nor does search everywhere offer them.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Search everywhere' })
  await palette.getByRole('combobox').fill('policy')
  await expect(palette.getByRole('option', { name: /Password policy/ })).toHaveCount(0)
  await page.keyboard.press('Escape')

  // Typed in the address bar: one explanation, no form, no request the service would refuse.
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url())
  })
  await page.goto('/admin/password-policy')
  await expect(page.getByRole('heading', { name: 'Password policy' })).toBeVisible()
  await expect(page.getByText('Only administrators can use this page.')).toHaveCount(1)
  await expect(page.getByLabel('Minimum length')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.goto('/auths/import')
  await expect(
    page.getByText('Only support staff and administrators can use this page.'),
  ).toBeVisible()
  expect(refused).toEqual([])

  // An admin sees the admin pages in the navigation.
  await signOut(page)
  await signIn(page, 'admin')
  await expect(nav.getByRole('link', { name: 'Sessions' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Password policy' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Import' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await palette.getByRole('combobox').fill('policy')
  await expect(palette.getByRole('option', { name: /Password policy/ })).toBeVisible()
})
