import type { Page, Route } from '@playwright/test'
import {
  createAuth,
  createEvent,
  expect,
  service,
  signIn,
  test,
  type ServiceEvent,
} from './fixtures'

/*
 * Writes whose answer is lost on the way back. Playwright's routing is the faulty proxy: the
 * request really reaches the sandbox (which saves it), and the browser gets a gateway's 504 or a
 * reset connection instead of the answer.
 */

/** Loses the answer of the first request matching `method` and `path` (a RegExp of the path). */
async function loseFirstAnswer(page: Page, method: string, path: RegExp, how: '504' | 'reset') {
  let lost = 0
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() !== method || lost > 0) return route.fallback()
      lost++
      await route.fetch()
      if (how === 'reset') return route.abort('connectionreset')
      return route.fulfill({
        status: 504,
        contentType: 'text/html',
        body: '<html><body>504 Gateway Time-out</body></html>',
      })
    },
  )
  return () => lost
}

const serviceEvent = async (page: Page, id: number) =>
  (await service<ServiceEvent>(page, 'GET', `/events/${id}`)).data

test.describe('an answer lost on the way back', () => {
  test('a bulk change answered 504 after saving: every event reported changed, Undo puts all back', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await signIn(page, 'staff')
    const word = `Lost${Date.now()}`
    const made: ServiceEvent[] = []
    for (let i = 0; i < 12; i++)
      made.push(await createEvent(page, { subject: `Lost ${i} ${word}`, priority: 'LOW' }))
    const ids = made.map((e) => e.event_ID)

    await page.goto('/events?cols=subject,priority')
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expect(page.getByRole('status').filter({ hasText: /^12 of / })).toBeVisible({
      timeout: 20_000,
    })
    await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
    const lost = await loseFirstAnswer(page, 'PUT', /\/api\/events-batch$/, '504')
    await page.getByRole('button', { name: 'Set priority…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Set the priority of 12 events' })
    await dialog.getByLabel('Priority').selectOption('HIGH')
    await dialog.getByRole('button', { name: 'Set priority' }).click()
    await expect(page.getByRole('region', { name: /of 12 updated/ })).toContainText(
      '12 of 12 updated',
      { timeout: 15_000 },
    )
    expect(lost()).toBe(1)
    const after = await Promise.all(ids.map((id) => serviceEvent(page, id)))
    expect(after.map((e) => e.priority)).toEqual(ids.map(() => 'HIGH'))

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Undone: 12 events')).toBeVisible({ timeout: 15_000 })
    const undone = await Promise.all(ids.map((id) => serviceEvent(page, id)))
    expect(undone.map((e) => e.priority)).toEqual(ids.map(() => 'LOW'))
  })

  test('a save answered 504 after saving is the user’s own save, not someone else’s', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page, { subject: `Late save ${Date.now()}` })
    await page.goto(`/events/${event.event_ID}/edit`)
    const subject = page.getByLabel('Subject', { exact: true })
    await subject.fill(`${event.subject} (edited)`)
    const lost = await loseFirstAnswer(
      page,
      'PUT',
      new RegExp(`/api/events/${event.event_ID}$`),
      '504',
    )
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Event saved')).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveURL(new RegExp(`/events/${event.event_ID}$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(lost()).toBe(1)
    expect((await serviceEvent(page, event.event_ID)).subject).toBe(`${event.subject} (edited)`)
  })

  test('new auths whose batch answer is lost to a reset are created once', async ({ page }) => {
    await signIn(page, 'support')
    const tag = `Lost import ${Date.now()}`
    await page.goto('/auths/import')
    const csv = [
      'subscriber_ID,provider_ID,service_Code,requested_From,requested_Thru,units_Requested,received_Date,notes',
      ...[1, 2, 3].map(
        (i) => `100244581,PRV10005,97110,2026-04-01,2026-05-31,${i},2026-03-30T09:00,${tag} ${i}`,
      ),
    ].join('\n')
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    const lost = await loseFirstAnswer(page, 'PUT', /\/api\/auths$/, 'reset')
    await page.getByRole('button', { name: 'Send 3 ready rows' }).click()
    await expect(page.getByText('3 of 3 auths saved')).toBeVisible({ timeout: 15_000 })
    expect(lost()).toBe(1)
    // Each created once: the numbers the results name hold the rows, and no more were made
    // (numbers are given in sequence: the next auth made takes the one after the last of them).
    const numbers = (
      await page.getByRole('link', { name: /^Open \d{2}-\d{6}$/ }).allTextContents()
    ).map((text) => text.replace('Open ', ''))
    expect(new Set(numbers).size).toBe(3)
    for (const n of numbers)
      expect((await service<{ notes: string }>(page, 'GET', `/auths/${n}`)).data.notes).toContain(
        tag,
      )
    const next = await createAuth(page, { notes: `${tag} after` })
    const seq = (n: string) => Number(n.split('-')[1])
    expect(seq(next.auth_Number)).toBe(Math.max(...numbers.map(seq)) + 1)
  })
})
