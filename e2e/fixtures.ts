import { test as base, expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Sandbox!2026'
export const API_KEY = 'sandbox-key'
export type DemoUser = 'admin' | 'staff' | 'support'

/** Signs in through the sign-in page, as a user would. */
export async function signIn(page: Page, user: DemoUser, options: { database?: string } = {}) {
  await page.goto('/sign-in')
  await page.getByLabel('API key').fill(API_KEY)
  if (options.database) await page.getByLabel('Database').fill(options.database)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

/** Signs out from the account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
}

/** The bearer token of the page's session, as the app keeps it (sessionStorage). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const text = sessionStorage.getItem('bac.session')
    return text ? (JSON.parse(text) as { token: string }).token : null
  })
  if (!token) throw new Error('No session in this page')
  return token
}

/** Calls the sandbox directly over HTTP, as another client of the service would. */
export async function callService(
  page: Page,
  method: string,
  path: string,
  token: string,
  database = 'demo',
) {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': API_KEY,
      'service-database': database,
    },
  })
  return { status: response.status(), body: (await response.json()) as { data: unknown } }
}

type Fixtures = { signedInAs: (user: DemoUser) => Promise<Page> }

export const test = base.extend<Fixtures>({
  signedInAs: async ({ page }, use) => {
    await use(async (user) => {
      await signIn(page, user)
      return page
    })
  },
})

export { expect }

/**
 * After the service ended the session, the page asks for the password again: the
 * re-authentication dialog over the current page (or, without one, the sign-in page).
 */
export async function expectAskedToSignInAgain(page: Page) {
  await expect(
    page
      .getByRole('dialog', { name: 'Sign in again' })
      .or(page.getByRole('button', { name: 'Sign in', exact: true }))
      .first(),
  ).toBeVisible()
}
