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

test.describe('a question the server does not read @scoped', () => {
  test('a search of too many words says so, and clearing it brings the list back', async ({
    page,
  }) => {
    await signIn(page, 'support')
    await page.goto('/events')
    const total = page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
    await expect(total).toBeVisible()
    const search = page.getByRole('searchbox', { name: 'Search subject or ID' })
    // 66 different words of two letters (the box takes 200 characters): more than the server
    // takes in one search.
    const words = Array.from({ length: 66 }, (_, i) => `${'abcdefghij'[i % 10]}${'klmnopq'[i % 7]}`)
    expect(new Set(words).size).toBe(66)
    await search.fill(words.join(' '))
    await expect(page.getByText(/more than 64 different words/i)).toBeVisible()
    // Neither the rows of before nor a count that never comes.
    await expect(page.getByRole('status').filter({ hasText: 'Not counted' })).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(0)
    await search.fill('')
    await expect(total).toBeVisible()
    await expect(page.getByText(/more than 64 different words/i)).toHaveCount(0)
  })
})
