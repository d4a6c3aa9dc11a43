import { expectNoSeriousA11yViolations } from './axe'
import {
  API_KEY,
  callService,
  DEMO_PASSWORD,
  expect,
  sessionToken,
  signIn,
  signOut,
  test,
  trackBearerTokens,
} from './fixtures'

test.describe('sign-in', () => {
  test('the sign-in page is labelled and accessible', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/sign-in/)
    await expect(page.getByRole('heading', { name: 'Benefits Admin Console' })).toBeVisible()
    await expect(page.getByLabel('Service URL')).toHaveValue('/api')
    await expectNoSeriousA11yViolations(page)
  })

  test('staff signs in with a password and lands on My events', async ({ page }) => {
    await signIn(page, 'staff')
    await expect(page).toHaveURL(/\/events\/mine$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/My events/i)
    await page.goto('/events')
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible()
    await expect(page.getByRole('cell').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account: Sam Staff' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('a crafted next= after sign-in goes home, never stays on the form', async ({ page }) => {
    for (const next of ['/\\evil.example/x', '/sign-in', '/events/%E0%A4%A', '//evil.example']) {
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`)
      await page.getByLabel('API key').fill(API_KEY)
      await page.getByLabel('Username').fill('staff')
      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page, next).toHaveURL(/\/events\/mine$/)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/My events/i)
      await signOut(page)
    }
  })

  test('a wrong password is explained and nothing typed is lost', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('API key').fill(API_KEY)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('The username or password is wrong.')
    await expect(page.getByRole('alert')).toContainText('Activity ID')
    await expect(page.getByLabel('Username')).toHaveValue('staff')
  })

  test('a wrong API key is explained', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('API key').fill('wrong-key')
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('refused the API key')
  })

  test('an unknown database is explained', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('API key').fill(API_KEY)
    await page.getByLabel('Database').fill('nosuch')
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('no database named "nosuch"')
    await expect(page.getByLabel('Database')).toBeFocused()
  })

  test('an unreachable service is explained', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('Service URL').fill('http://127.0.0.1:9/api')
    await page.getByLabel('API key').fill(API_KEY)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('Could not reach the service')
  })

  test('a pasted token signs in', async ({ page, browser }) => {
    const other = await browser.newPage()
    trackBearerTokens(other.context())
    await signIn(other, 'support')
    const token = await sessionToken(other)
    await other.close()

    await page.goto('/sign-in')
    await page.getByLabel('API key').fill(API_KEY)
    await page.getByLabel('Single sign-on').check()
    await page.getByLabel('Token').fill(token)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await expect(page.getByRole('button', { name: 'Account: Pat Support' })).toBeVisible()
  })

  test('sign out ends the session on the service', async ({ page }) => {
    await signIn(page, 'staff')
    const token = await sessionToken(page)
    expect((await callService(page, 'GET', '/priorities', token)).status).toBe(200)
    await signOut(page)
    await expect(page).toHaveURL(/\/sign-in$/)
    expect((await callService(page, 'GET', '/priorities', token)).status).toBe(401)
    expect(await page.evaluate(() => sessionStorage.getItem('bac.session'))).toBeNull()
  })

  test('the events list keeps page, size and sort in the URL', async ({ page }) => {
    await signIn(page, 'staff')
    await page.goto('/events?size=50&sort=subject:asc&page=2')
    await expect(page.getByText(/^Page 2( of \d+)?$/)).toBeVisible()
    await expect(page.getByLabel('Rows per page')).toHaveValue('50')
    await expect(page.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=3/)
    await page.goBack()
    await expect(page).toHaveURL(/page=2/)
  })
})
