import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, signIn, test } from './fixtures'

/*
 * Internal notes, kept by the console server: a note naming a colleague reaches their bell within
 * 2 seconds, opens the record, and is the author's to change for a while; never the service's.
 */

test.describe('notes and mentions', () => {
  test('a note with a mention reaches the other’s bell within 2 s, and opens the record', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page, { subject: 'Notes: call the member back' })

    const supportContext = await browser.newContext()
    const support = await supportContext.newPage()
    await signIn(support, 'support')
    const bell = support.getByRole('button', { name: /^Reminders/ })
    await expect(bell).toBeVisible()
    await expect(bell).not.toHaveAccessibleName(/mention/)

    await page.goto(`/events/${event.event_ID}`)
    const notes = page.getByRole('region', { name: 'Notes' })
    await notes.getByLabel('Add a note').fill('Left a voicemail. @support can you check the auth?')
    const sent = Date.now()
    await notes.getByRole('button', { name: 'Add note' }).click()
    await expect(notes.getByRole('listitem').first()).toContainText('Left a voicemail.')
    await expect(notes.getByRole('listitem').first()).toContainText('Sam Staff')

    await expect(bell).toHaveAccessibleName(/1 new mention/, { timeout: 2_000 })
    expect(Date.now() - sent).toBeLessThan(2_500)
    await bell.click()
    const panel = support.getByRole('dialog', { name: 'Reminders' })
    const mention = panel.getByRole('link', { name: `Sam Staff on event ${event.event_ID}` })
    await expect(mention).toBeVisible()
    await mention.click()
    await expect(support.getByRole('heading', { level: 1 })).toHaveText(
      'Notes: call the member back',
    )
    await expect(support.getByRole('region', { name: 'Notes' })).toContainText(
      '@support can you check the auth?',
    )
    // Seen: the bell no longer counts it.
    await expect(bell).not.toHaveAccessibleName(/mention/)
    // Support may not change staff's note; staff may, for now.
    await expect(
      support.getByRole('region', { name: 'Notes' }).getByRole('button', { name: 'Edit note' }),
    ).toHaveCount(0)
    await notes.getByRole('button', { name: 'Edit note' }).click()
    await notes.getByLabel('Note', { exact: true }).fill('Left a voicemail twice. @support')
    await notes.getByRole('button', { name: 'Save note' }).click()
    await expect(notes.getByRole('listitem').first()).toContainText('Left a voicemail twice.')
    await expect(notes.getByRole('listitem').first()).toContainText('edited')
    await expectNoSeriousA11yViolations(page)
    await supportContext.close()
  })

  test('a note is text: markup shows as typed, and a link is not made', async ({ page }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page)
    await page.goto(`/events/${event.event_ID}`)
    const notes = page.getByRole('region', { name: 'Notes' })
    const hostile = '<img src=x onerror="window.__pwned=1"><a href="javascript:alert(1)">click</a>'
    await notes.getByLabel('Add a note').fill(hostile)
    await notes.getByRole('button', { name: 'Add note' }).click()
    await expect(notes.getByRole('listitem').first()).toContainText(hostile)
    await expect(notes.locator('img')).toHaveCount(0)
    await expect(notes.getByRole('link')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  })

  test('two tabs editing one note: the second save is refused, and the first edit stays', async ({
    page,
    context,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page)
    await page.goto(`/events/${event.event_ID}`)
    const notes = page.getByRole('region', { name: 'Notes' })
    await notes.getByLabel('Add a note').fill('Sent the form')
    await notes.getByRole('button', { name: 'Add note' }).click()
    await expect(notes.getByRole('listitem').first()).toContainText('Sent the form')

    // The same user's second tab (signed in on its own), both editing from the same text.
    const other = await context.newPage()
    await signIn(other, 'staff')
    await other.goto(`/events/${event.event_ID}`)
    const otherNotes = other.getByRole('region', { name: 'Notes' })
    await otherNotes.getByRole('button', { name: 'Edit note' }).click()
    await notes.getByRole('button', { name: 'Edit note' }).click()
    await notes.getByLabel('Note', { exact: true }).fill('Sent the form by post')
    await notes.getByRole('button', { name: 'Save note' }).click()
    await expect(notes.getByRole('listitem').first()).toContainText('Sent the form by post')

    await otherNotes.getByLabel('Note', { exact: true }).fill('Sent the form by email')
    await otherNotes.getByRole('button', { name: 'Save note' }).click()
    await expect(otherNotes.getByText(/changed since you began this edit/)).toBeVisible()
    // Cancelled, the tab shows the note as it is; nothing was lost.
    await otherNotes.getByRole('button', { name: 'Cancel' }).click()
    await expect(otherNotes.getByRole('listitem').first()).toContainText('Sent the form by post')
    await page.reload()
    await expect(notes.getByRole('listitem').first()).toContainText('Sent the form by post')
    await expect(notes.getByRole('listitem').first()).not.toContainText('by email')
    await other.close()
  })
})
