import type { Page } from '@playwright/test'
import { createEvent, expect, signIn, signOut, test } from './fixtures'

/*
 * Presence over the console server: who else has a record open, who is editing it, a warning
 * before editing over someone; gone within seconds of their tab closing, locking or signing out.
 */

const others = (page: Page) => page.getByRole('list', { name: 'Others on this record' })

test.describe('presence', () => {
  test('who has an event open and who edits it; an edit over theirs is asked first; gone on close, lock and sign-out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000)
    await signIn(page, 'staff')
    const event = await createEvent(page, { subject: 'Presence: two people on one event' })
    const at = `/events/${event.event_ID}`

    const supportContext = await browser.newContext()
    const support = await supportContext.newPage()
    await signIn(support, 'support')
    await support.goto(at)
    await expect(support.getByRole('heading', { level: 1 })).toHaveText(
      'Presence: two people on one event',
    )
    await expect(others(support)).toHaveCount(0)

    await page.goto(at)
    await expect(others(support)).toContainText('Sam Staff is viewing', { timeout: 5_000 })
    await expect(others(page)).toContainText('Pat Support is viewing', { timeout: 5_000 })

    // Staff starts editing: support sees it, and starting an edit too is asked first.
    await page.goto(`${at}/edit`)
    await expect(others(support)).toContainText(/Sam Staff is editing — opened/, {
      timeout: 5_000,
    })
    await support.goto(`${at}/edit`)
    const ask = support.getByRole('alertdialog', { name: 'Sam Staff is editing this event' })
    await expect(ask).toBeVisible({ timeout: 5_000 })
    await ask.getByRole('button', { name: 'Edit anyway' }).click()
    await expect(ask).toBeHidden()
    await expect(others(support)).toContainText('Sam Staff is editing')
    await support.goto(at)

    // The tab is closed: gone within 5 s.
    await page.close()
    await expect(others(support)).toHaveCount(0, { timeout: 5_000 })

    // Another tab of staff, then locked: gone; unlocked and back, then signed out: gone.
    const again = await page.context().newPage()
    await signIn(again, 'staff')
    await again.goto(at)
    await expect(others(support)).toContainText('Sam Staff is viewing', { timeout: 5_000 })
    await again.keyboard.press('Control+Shift+L')
    await expect(again.getByRole('button', { name: 'Unlock' })).toBeVisible()
    await expect(others(support)).toHaveCount(0, { timeout: 5_000 })

    const third = await supportContext.browser()!.newContext()
    const staffAgain = await third.newPage()
    await signIn(staffAgain, 'staff')
    await staffAgain.goto(at)
    await expect(others(support)).toContainText('Sam Staff is viewing', { timeout: 5_000 })
    await signOut(staffAgain)
    await expect(others(support)).toHaveCount(0, { timeout: 5_000 })
    await third.close()
    await supportContext.close()
  })
})
