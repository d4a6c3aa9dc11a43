import type { Page } from '@playwright/test'
import {
  callService,
  DEMO_PASSWORD,
  expect,
  service,
  sessionToken,
  signIn,
  test,
  type ServiceClock,
} from './fixtures'

type Json = Record<string, unknown>

/** A seeded auth (of the service's year or the one before) and the name of its member. */
async function authWithMember(page: Page, clock: ServiceClock) {
  const yy = clock.now().getFullYear() % 100
  for (const year of [yy, yy - 1]) {
    const authNumber = `${String(year).padStart(2, '0')}-000001`
    const vba = await service<Json>(page, 'GET', `/auths-vba/${authNumber}`)
    if (vba.status === 200 && vba.data.member_Last_Name)
      return {
        authNumber,
        lastName: String(vba.data.member_Last_Name),
        firstName: String(vba.data.member_First_Name),
      }
  }
  throw new Error('No seeded auth with a member found')
}

const lockScreen = (page: Page) => page.getByRole('dialog', { name: 'Console locked' })

async function unlock(page: Page) {
  await lockScreen(page).getByLabel('Password').fill(DEMO_PASSWORD)
  await lockScreen(page).getByRole('button', { name: 'Unlock' }).click()
  await expect(lockScreen(page)).toBeHidden()
}

test.describe('the idle lock', () => {
  test('closes an open dialog keeping its input as a draft, and leaves no member data, token or shortcut', async ({
    page,
    clock,
  }) => {
    await page.clock.install()
    await signIn(page, 'support')
    const { authNumber, lastName, firstName } = await authWithMember(page, clock)
    await page.goto(`/auths/${authNumber}`)
    await expect(page.getByRole('region', { name: 'Member', exact: true })).toContainText(
      `${firstName} ${lastName}`,
    )
    await page.getByRole('button', { name: 'Adjust' }).click()
    const dialog = page.getByRole('dialog', { name: `Adjust auth ${authNumber}` })
    await dialog.getByLabel('New approved thru').fill('2026-05-31')
    const token = await sessionToken(page)

    await page.clock.fastForward('16:00')
    await expect(lockScreen(page)).toBeVisible()
    await expect(dialog).toHaveCount(0)
    const html = await page.content()
    expect(html).not.toContain(lastName)
    expect(html).not.toContain(authNumber)
    // The event index (every event's subject) ended with its worker.
    await expect.poll(() => page.workers().length).toBe(0)
    // The token is gone from the tab and the service no longer takes it.
    expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage })))).not.toContain(token)
    expect((await callService(page, 'GET', `/auths/${authNumber}`, token)).status).toBe(401)

    // While locked, no shortcut does anything and nothing is fetched.
    const fetched: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) fetched.push(r.url())
    })
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('/')
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('dialog', { name: 'Search everywhere' })).toHaveCount(0)
    await page.clock.fastForward('02:00')
    expect(fetched).toEqual([])

    // Unlocking is a sign-in of the same user: back on the auth, the input offered again.
    await unlock(page)
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}$`))
    await page.getByRole('button', { name: 'Adjust' }).click()
    await dialog.getByRole('button', { name: 'Restore changes' }).click()
    await expect(dialog.getByLabel('New approved thru')).toHaveValue('2026-05-31')
  })

  test('clearing storage flags and reloading asks for the password, never unlocks', async ({
    page,
  }) => {
    await page.clock.install()
    await signIn(page, 'staff')
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await page.clock.fastForward('16:00')
    await expect(lockScreen(page)).toBeVisible()
    await page.evaluate(() => {
      for (const key of Object.keys(sessionStorage))
        if (key !== 'bac.session') sessionStorage.removeItem(key)
      localStorage.clear()
    })
    await page.reload()
    await expect(lockScreen(page)).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)

    // Someone else signs in through the sign-in page instead: none of the first user's drafts.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'bac.draft.demo.event.new',
        JSON.stringify({ savedAt: Date.now(), values: { subject: 'Typed by staff' } }),
      ),
    )
    await lockScreen(page).getByRole('button', { name: 'Sign out' }).click()
    await signIn(page, 'support')
    await page.goto('/events/new')
    await expect(page.getByRole('button', { name: 'Restore changes' })).toHaveCount(0)
    expect(await page.evaluate(() => sessionStorage.getItem('bac.draft.demo.event.new'))).toBeNull()
  })

  test('tabs share one idle clock and one lock', async ({ page, context }) => {
    await page.clock.install()
    await signIn(page, 'staff')
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    const other = await context.newPage()
    await other.clock.install()
    await other.goto('/events/mine')
    await expect(other.getByRole('navigation', { name: 'Main' })).toBeVisible()

    // Work in the other tab keeps this one open.
    await page.clock.fastForward('10:00')
    await other.mouse.move(20, 20)
    await other.mouse.move(40, 40)
    await page.clock.fastForward('10:00')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(lockScreen(page)).toHaveCount(0)

    // Idle everywhere: this tab locks, and the other with it.
    await page.clock.fastForward('16:00')
    await expect(lockScreen(page)).toBeVisible()
    await expect(lockScreen(other)).toBeVisible()
    await expect(other.getByRole('navigation', { name: 'Main' })).toHaveCount(0)

    // Unlocking in one unlocks both.
    await unlock(other)
    await expect(lockScreen(page)).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })
})
