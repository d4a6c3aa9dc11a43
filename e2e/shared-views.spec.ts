import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { expect, signIn, test } from './fixtures'

/*
 * Saved views kept by the console server: shared by their owner with a user group, they reach
 * its members (at once, over the stream) and nobody else; the others open and copy them, only
 * the owner changes or deletes them. Views saved in this browser before move to the server.
 */

const openViews = async (page: Page) => {
  await page.getByRole('button', { name: /^(Saved views|View: )/ }).click()
  return page.getByRole('dialog', { name: 'Saved views' })
}

test.describe('shared views', () => {
  test('a view shared with a group appears for its members and not for others', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000)
    const name = `Urgent first ${Date.now().toString(36)}`
    await signIn(page, 'staff')
    await page.goto('/events?size=50&sort=priority:desc,due_Date:asc&cols=subject,priority')
    const panel = await openViews(page)
    await panel.getByLabel('Save the current view as').fill(name)
    await panel.getByRole('button', { name: 'Save view' }).click()
    await expect(page.getByText(`View “${name}” saved`)).toBeVisible()
    // Kept by the server, not in this browser.
    expect(await page.evaluate(() => localStorage.getItem('bac.views.demo.staff'))).toBeNull()

    // Admin (in Member services) and support (not in it) have the list open in their browsers.
    const others = await Promise.all(
      (['admin', 'support'] as const).map(async (user) => {
        const context = await browser.newContext()
        const other = await context.newPage()
        await signIn(other, user)
        await other.goto('/events')
        const theirs = await openViews(other)
        await expect(theirs.getByRole('heading', { name: 'Your views' })).toBeVisible()
        return { context, other, theirs }
      }),
    )
    const [admin, support] = others as [(typeof others)[0], (typeof others)[0]]
    await expect(admin.theirs.getByRole('button', { name, exact: true })).toHaveCount(0)

    await panel.getByLabel(`Share view ${name} with`).selectOption({ label: 'Member services' })
    await expect(page.getByText(`View “${name}” shared with Member services`)).toBeVisible()
    const sharedAt = Date.now()
    const adminShared = admin.theirs.getByRole('list', { name: 'Shared with you' })
    await expect(adminShared.getByRole('button', { name, exact: true })).toBeVisible({
      timeout: 2_000,
    })
    expect(Date.now() - sharedAt).toBeLessThan(2_500)
    await expect(adminShared).toContainText('Sam Staff · Member services')
    // Not theirs: no way to share or delete it.
    await expect(admin.theirs.getByLabel(`Delete view ${name}`)).toHaveCount(0)
    await expect(admin.theirs.getByLabel(`Share view ${name} with`)).toHaveCount(0)
    await expectNoSeriousA11yViolations(admin.other)

    // Support, outside the group, does not see it, even after reading the list again.
    await support.other.reload()
    const supportPanel = await openViews(support.other)
    await expect(supportPanel.getByRole('heading', { name: 'Your views' })).toBeVisible()
    await expect(supportPanel.getByRole('button', { name, exact: true })).toHaveCount(0)

    // Admin opens it: the list shows what staff saved. Then copies it, theirs to change.
    await adminShared.getByRole('button', { name, exact: true }).click()
    await expect(admin.other).toHaveURL(
      /size=50&sort=priority:desc,due_Date:asc&cols=subject,priority/,
    )
    const again = await openViews(admin.other)
    await again.getByRole('button', { name: `Copy view ${name}` }).click()
    await expect(admin.other.getByText(`Copied as “${name} (copy)”, yours to change`)).toBeVisible()
    await expect(
      again
        .getByRole('list', { name: 'Your views' })
        .getByRole('button', { name: `${name} (copy)`, exact: true }),
    ).toBeVisible()

    // Staff deletes it: gone from admin's list at once; admin's copy stays.
    await panel.getByRole('button', { name: `Delete view ${name}` }).click()
    await expect(again.getByRole('list', { name: 'Shared with you' })).toHaveCount(0)
    await expect(again.getByRole('button', { name: `${name} (copy)`, exact: true })).toBeVisible()
    for (const o of others) await o.context.close()
  })

  test('views saved in this browser before move to the server, once', async ({ page }) => {
    await signIn(page, 'support')
    await page.evaluate(() =>
      localStorage.setItem(
        'bac.views.demo.support',
        JSON.stringify([
          { id: 'a1', name: 'From this browser', sort: 'subject:asc', size: 25, columns: [] },
        ]),
      ),
    )
    await page.goto('/events')
    const panel = await openViews(page)
    await expect(
      panel
        .getByRole('list', { name: 'Your views' })
        .getByRole('button', { name: 'From this browser', exact: true }),
    ).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('bac.views.demo.support')))
      .toBeNull()
    await page.reload()
    const again = await openViews(page)
    await expect(again.getByRole('button', { name: 'From this browser', exact: true })).toHaveCount(
      1,
    )
    await again.getByRole('button', { name: 'Delete view From this browser' }).click()
    await expect(again.getByRole('button', { name: 'From this browser', exact: true })).toHaveCount(
      0,
    )
  })
})
