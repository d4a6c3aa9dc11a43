import type { Page } from '@playwright/test'
import { expect as expectNow, serviceToken, signIn, test } from './fixtures'

/** At this size an answer may take seconds on the test machine: each waits up to a minute. */
const expect = expectNow.configure({ timeout: 60_000 })

/*
 * Past the browser index's limit (`eventIndexLimit`, 250,000): a sandbox of 300,000 events behind
 * the console server, which answers the views. The list keeps its filters and totals, the
 * calendar its day summaries, My events and the Team page their counts, search everywhere its
 * ranking. Run by `scripts/e2e-scale.mjs` (E2E_SUITE=scale).
 */

const ALL = '300,000'
const fmt = (n: number) => n.toLocaleString('en-GB')
const total = (page: Page) => page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
const countOf = async (page: Page) =>
  Number(((await total(page).textContent()) ?? '').split(' of ')[0]!.replace(/\D/g, ''))

test.describe('300,000 events, answered by the console server @scale', () => {
  test.describe.configure({ timeout: 15 * 60_000 })
  // Correctness here, not speed (BENCHMARKS.md has the times): each answer may take seconds.
  test.use({ actionTimeout: 60_000 })

  test.beforeEach(async ({ page }) => {
    // The sandbox seeds 300,000 events and the server reads them all once after starting (in the
    // same process as the app's server): its health says when its copy is whole.
    let token = ''
    await expect(async () => {
      token ||= await serviceToken(page, 'admin')
      const health = await page.request.get('/console-api/health', {
        headers: { authorization: `Bearer ${token}`, 'service-database': 'demo' },
      })
      const body = (await health.json()) as {
        data: { databases: { database: string; phase: string; events: number }[] }
      }
      expect(body.data.databases.find((d) => d.database === 'demo')).toMatchObject({
        phase: 'ready',
        events: 300_000,
      })
    }).toPass({ timeout: 12 * 60_000, intervals: [10_000] })
    await signIn(page, 'admin')
    await page.goto('/events')
    await expect(total(page)).toHaveText(`${ALL} of ${ALL} events`, { timeout: 60_000 })
  })

  test('the list filters, sorts, totals and searches every event', async ({ page }) => {
    await expect(page.getByText(/not available for this database/)).toHaveCount(0)
    await expect(total(page)).toHaveText(`${ALL} of ${ALL} events`)
    // A filter: a total of its own, rows that match.
    await page.locator('button[aria-haspopup="dialog"]', { hasText: /^Priority/ }).click()
    await page.getByRole('checkbox', { name: /^Urgent/ }).check()
    await page.keyboard.press('Escape')
    await expect(total(page)).not.toHaveText(`${ALL} of ${ALL} events`)
    const urgent = await countOf(page)
    expect(urgent).toBeGreaterThan(0)
    expect(urgent).toBeLessThan(300_000)
    const table = page.getByRole('table')
    await expect(table.getByRole('row').nth(1)).toContainText('Urgent')
    // The facet says as many as the total.
    await page.locator('button[aria-haspopup="dialog"]', { hasText: /^Priority/ }).click()
    await expect(
      page.getByRole('checkbox', { name: new RegExp(`^Urgent.*${fmt(urgent)}`) }),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    // Free text on top: fewer again, every row naming it.
    await page.getByPlaceholder('Search subject or ID').fill('eligibility')
    await expect(async () => {
      const n = await countOf(page)
      expect(n).toBeGreaterThan(0)
      expect(n).toBeLessThan(urgent)
    }).toPass({ timeout: 60_000 })
    await expect(table.getByRole('row').nth(1)).toContainText(/eligibility/i)
    // Sorted by due date, then the last page: the total's pages are all there.
    await page.getByPlaceholder('Search subject or ID').fill('')
    await expect(total(page)).toHaveText(`${fmt(urgent)} of ${ALL} events`)
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page.getByText(/rows 26–50/)).toBeVisible()
  })

  test('the calendar summarises every day of the month, for everyone', async ({ page }) => {
    await page.goto('/events/calendar?user=*')
    const summaries = page.locator('[data-day-summary]')
    await expect(summaries.first()).toBeVisible({ timeout: 90_000 })
    const totals = await summaries.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('data-total') ?? 0)),
    )
    expect(totals.filter((n) => n > 0).length).toBeGreaterThan(20)
    await expect(page.getByText(/^[\d,]+ events? in view/)).toBeVisible()
    await expect(page.getByText(/not available|more than 250,000/)).toHaveCount(0)
  })

  test('My events, the Team page and search everywhere have their counts and answers', async ({
    page,
  }) => {
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Group queue' }).getByRole('status')).toHaveText(
      /[\d,]+ unclaimed/,
      { timeout: 90_000 },
    )

    await page.goto('/events/team')
    const people = page.getByRole('table', { name: 'People' })
    await expect(
      people
        .getByRole('row')
        .filter({ has: page.getByRole('link') })
        .first(),
    ).toBeVisible({
      timeout: 90_000,
    })
    const counts = await people
      .getByRole('row')
      .filter({ has: page.getByRole('link') })
      .evaluateAll((rows) =>
        rows.map((r) => Number((r.querySelector('td')?.textContent ?? '0').replace(/\D/g, ''))),
      )
    expect(counts.length).toBeGreaterThan(10)
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(1_000)
    const groups = page.getByRole('table', { name: 'User groups' })
    await expect(groups.getByRole('row').filter({ hasText: 'Utilization review' })).toBeVisible()

    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    await expect(palette.getByPlaceholder(/Event subject or ID/)).toBeFocused()
    await page.keyboard.type('refund')
    const events = palette.getByRole('option', { name: /refund/i })
    await expect(events.first()).toBeVisible()
    expect(await events.count()).toBeGreaterThan(1)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/events\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/refund/i)
  })
})
