import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/*
 * With the console's server answering the views (`EVENT_INDEX=server`), a page asks it each of
 * its questions once: not again when the priorities arrive or the change stream opens, and not
 * for views the user has not opened (the server answers the whole team).
 */

/** The questions sent to the server's event routes, by route, since `mark()`. */
function questionsOf(page: Page) {
  const asked: string[] = []
  let from = 0
  page.on('request', (request) => {
    const route = /\/console-api\/events\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (route && request.method() === 'POST') asked.push(route)
  })
  return {
    mark: () => (from = asked.length),
    count: (route: string) => asked.slice(from).filter((r) => r === route).length,
  }
}

/** Long enough for a question asked twice to have been asked again. */
const settle = (page: Page) => page.waitForTimeout(1500)

test.describe('questions to the console server @scoped', () => {
  test('the list and the calendar ask once for what they show', async ({ page }) => {
    const asked = questionsOf(page)
    await signIn(page, 'support')
    await settle(page)

    asked.mark()
    await page.goto('/events')
    await expect(page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })).toBeVisible()
    await settle(page)
    // The page's rows and total, the plan's size, the bell's reminders, the filters' values:
    // each asked once.
    expect(asked.count('facets')).toBe(1)
    expect(asked.count('query')).toBe(3)

    asked.mark()
    await page.goto('/events/calendar?user=*')
    await expect(page.locator('[data-day-summary]').first()).toBeVisible()
    await settle(page)
    // The month shown, not the months either side.
    expect(asked.count('calendar')).toBe(1)
    asked.mark()
    await page.getByRole('button', { name: /^Next/ }).first().click()
    await settle(page)
    expect(asked.count('calendar')).toBe(1)
  })
})
