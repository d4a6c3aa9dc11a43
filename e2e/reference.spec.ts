import { expectNoSeriousA11yViolations } from './axe'
import { callService, expect, sessionToken, signIn, test } from './fixtures'

/** The twelve lookup lists of the Events group, as the page titles them. */
const lists = [
  { path: '/snoozes', title: 'Snooze durations' },
  { path: '/priorities', title: 'Priorities' },
  { path: '/claim-invoice-statuses', title: 'Claim invoice statuses' },
  { path: '/report-args', title: 'Report args' },
  { path: '/schedule-intervals', title: 'Schedule intervals' },
  { path: '/schedule-interval-options', title: 'Schedule interval options' },
  { path: '/schedule-interval-end-options', title: 'Schedule interval end options' },
  { path: '/days-of-week', title: 'Days of week' },
  { path: '/months-of-year', title: 'Months of year' },
  { path: '/event-actions', title: 'Event actions' },
  { path: '/schedule-actions', title: 'Schedule actions' },
  { path: '/durations', title: 'Durations' },
]

interface Option {
  option_Key: string | number
  display: string | null
  description: string | null
}

test.describe('reference lists', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'support')
  })

  test('shows every lookup list with the key, display and description the service has', async ({
    page,
  }) => {
    await page.goto('/reference')
    await expect(page.getByRole('heading', { name: 'Reference lists', level: 1 })).toBeVisible()
    const token = await sessionToken(page)
    for (const list of lists) {
      const { status, body } = await callService(page, 'GET', list.path, token)
      expect(status, list.path).toBe(200)
      const options = body.data as Option[]
      expect(options.length, list.path).toBeGreaterThan(0)

      const section = page.getByRole('region', { name: list.title, exact: true })
      await expect(section.getByRole('heading', { name: list.title, exact: true })).toBeVisible()
      await expect(section).toContainText(`GET ${list.path}`)
      const expected = options.map((o) => [
        String(o.option_Key),
        o.display || '—',
        o.description || '—',
      ])
      await expect
        .poll(() =>
          section
            .locator('tbody tr')
            .evaluateAll((rows) =>
              rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim())),
            ),
        )
        .toEqual(expected)
    }
    // The contents link to each section.
    const contents = page.getByRole('navigation', { name: 'Lookup lists' })
    await expect(contents.getByRole('link')).toHaveCount(lists.length)
    await contents.getByRole('link', { name: 'Durations', exact: true }).click()
    // Still this page (index.html's <base href> would take a bare "#id" to the app's root).
    await expect(page).toHaveURL(/\/reference#list-durations$/)
    await expect(page.getByRole('heading', { name: 'Durations', exact: true })).toBeInViewport()
    await expectNoSeriousA11yViolations(page)
  })

  test('a list that fails to load says so in its own section and can be retried', async ({
    page,
  }) => {
    let failing = true
    await page.route('**/api/durations', async (route) => {
      if (!failing) return route.continue()
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          error: { title: 'Service unavailable', status: 503, detail: 'Down for maintenance.' },
          debug: { activityID: 'e2e-503' },
        }),
      })
    })
    await page.goto('/reference')
    const durations = page.getByRole('region', { name: 'Durations', exact: true })
    // Skeletons first; the failure only after the retries (a few seconds). Found while loading,
    // so it is a status (polite), named by its title, with the activity ID.
    const problem = durations.getByRole('status', { name: 'Durations could not be loaded.' })
    await expect(problem).toContainText('Down for maintenance.', { timeout: 15_000 })
    await expect(problem).toContainText('Activity ID e2e-503')
    await expect(page.getByRole('alert')).toHaveCount(0)
    // The other lists are unaffected.
    const priorities = page.getByRole('region', { name: 'Priorities', exact: true })
    await expect(priorities.getByRole('row')).not.toHaveCount(0)
    await expect(priorities.getByRole('cell', { name: 'URGENT', exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    failing = false
    await durations.getByRole('button', { name: 'Try durations again' }).click()
    await expect(problem).toHaveCount(0)
    await expect(durations.getByRole('table').getByRole('row')).not.toHaveCount(1)
  })
})
