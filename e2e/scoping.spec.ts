import type { Page } from '@playwright/test'
import { createEvent, expect, sessionToken, signIn, signOut, test } from './fixtures'

/*
 * Scoping, enforced by the console server (`EVENT_SCOPE=staff=own`): a staff user finds their own
 * events and their groups' (Sam Staff: Utilization review and Member services) in the list, the
 * calendar, the Team page, search everywhere and the server's API asked with their own token;
 * never another's. Support and admins find every event.
 */

const total = (page: Page) => page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
const sizeOf = async (page: Page) =>
  Number(((await total(page).textContent()) ?? '').split(' of ')[1]!.replace(/\D/g, ''))

type Row = {
  event_ID: number
  subject: string
  user_ID: string | null
  userGroup_Key: number | null
}
const inScope = (e: Row) =>
  e.user_ID === 'staff' || (e.userGroup_Key !== null && [1, 3].includes(e.userGroup_Key))

test.describe('scoping on the console server @scoped', () => {
  test('a staff user’s list, calendar, counts, search and API never name an event outside their scope', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // Admin makes one event for someone else in a group staff are not in, and one for staff.
    await signIn(page, 'admin')
    const stamp = Date.now().toString(36)
    const outside = await createEvent(page, {
      subject: `Scoped out ${stamp}`,
      user_ID: 'jmartinez',
      userGroup_Key: 2,
    })
    const mine = await createEvent(page, { subject: `Scoped in ${stamp}`, user_ID: 'staff' })
    await page.goto('/events')
    await expect(total(page)).toBeVisible()
    const all = await sizeOf(page)
    await signOut(page)

    await signIn(page, 'staff')
    await page.goto('/events?size=100')
    await expect(total(page)).toBeVisible()
    const scoped = await sizeOf(page)
    expect(scoped).toBeGreaterThan(0)
    expect(scoped).toBeLessThan(all)
    // Search: their event is found, the other's is not (in the list and everywhere).
    await page.getByPlaceholder('Search subject or ID').fill(stamp)
    await expect(total(page)).toHaveText(new RegExp(`^1 of `))
    await expect(page.getByRole('link', { name: mine.subject })).toBeVisible()
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    await expect(palette.getByPlaceholder(/Event subject or ID/)).toBeFocused()
    await page.keyboard.type(stamp)
    await expect(palette.getByRole('option', { name: new RegExp(mine.subject) })).toBeVisible()
    await expect(palette.getByRole('option', { name: new RegExp(outside.subject) })).toHaveCount(0)
    await page.keyboard.press('Escape')

    // The calendar and the Team page count within the scope.
    await page.goto('/events/calendar?user=*')
    await expect(page.getByText(/^[\d,]+ events? in view/)).toBeVisible()
    const inView = Number(
      ((await page.getByText(/^[\d,]+ events? in view/).textContent()) ?? '').replace(/\D.*$/, ''),
    )
    expect(inView).toBeLessThanOrEqual(scoped)
    await page.goto('/events/team')
    const people = page.getByRole('table', { name: 'People' })
    await expect(people).toBeVisible()
    const open = await people
      .getByRole('row')
      .filter({ has: page.getByRole('link') })
      .evaluateAll((rows) =>
        rows.map((r) => Number((r.querySelector('td')?.textContent ?? '0').replace(/\D/g, ''))),
      )
    expect(open.length).toBeGreaterThan(0)
    expect(open.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(scoped)

    // The server's API, asked directly with staff's own token: nothing outside the scope.
    const token = await sessionToken(page)
    const headers = { authorization: `Bearer ${token}`, 'service-database': 'demo' }
    const query = await page.request.post('/console-api/events/query', {
      headers,
      data: { filter: {}, now: Date.now(), limit: 1000 },
    })
    expect(query.status()).toBe(200)
    const answer = (await query.json()) as { data: { rows: Row[]; total: number } }
    expect(answer.data.total).toBe(scoped)
    expect(answer.data.rows.length).toBeGreaterThan(0)
    expect(answer.data.rows.filter((e) => !inScope(e))).toEqual([])
    expect(answer.data.rows.map((e) => e.event_ID)).not.toContain(outside.event_ID)
    for (const path of [
      `/console-api/history/event/${outside.event_ID}`,
      `/console-api/notes/event/${outside.event_ID}`,
    ])
      expect((await page.request.get(path, { headers })).status(), path).toBe(404)
    expect((await page.request.get('/console-api/events', { headers })).status()).not.toBe(200)
  })

  test('support finds every event', async ({ page }) => {
    await signIn(page, 'support')
    await page.goto('/events')
    await expect(total(page)).toBeVisible()
    const [shown, size] = ((await total(page).textContent()) ?? '')
      .split(' of ')
      .map((t) => Number(t.replace(/\D/g, '')))
    expect(shown).toBe(size)
    expect(size).toBeGreaterThan(1_000)
  })
})
