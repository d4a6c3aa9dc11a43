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

  test('the list counts each row’s notes and shows an eye on rows others have open', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000)
    await signIn(page, 'staff')
    const subject = `Presence list ${Date.now().toString(36)}`
    const event = await createEvent(page, { subject })
    await page.goto(`/events/${event.event_ID}`)
    const notes = page.getByRole('region', { name: 'Notes' })
    await notes.getByLabel('Add a note').fill('Called the provider back.')
    await notes.getByRole('button', { name: 'Add note' }).click()
    await expect(notes.getByRole('listitem')).toHaveCount(1)
    await page.goto('/events/mine')

    const supportContext = await browser.newContext()
    const support = await supportContext.newPage()
    await signIn(support, 'support')
    await support.goto('/events')
    await support.getByPlaceholder('Search subject or ID').fill(subject)
    const row = support.getByRole('row').filter({ hasText: subject })
    await expect(row).toHaveCount(1)
    await expect(support.getByRole('columnheader', { name: 'Notes' })).toBeVisible()
    await expect(row.getByLabel('1 note', { exact: true })).toBeVisible()
    await expect(row.getByRole('img', { name: /^Open by/ })).toHaveCount(0)

    // Staff opens it: an eye on support's row within 5 s, naming them; gone when they leave.
    await page.goto(`/events/${event.event_ID}`)
    await expect(row.getByRole('img', { name: 'Open by Sam Staff' })).toBeVisible({
      timeout: 5_000,
    })
    await page.goto(`/events/${event.event_ID}/edit`)
    await expect(row.getByRole('img', { name: 'Open by Sam Staff (editing)' })).toBeVisible({
      timeout: 5_000,
    })
    await page.close()
    await expect(row.getByRole('img', { name: /^Open by/ })).toHaveCount(0, { timeout: 5_000 })
    await supportContext.close()
  })
})
