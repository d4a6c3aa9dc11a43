import type { Page } from '@playwright/test'
import { createAuth, createEvent, expect, service, signIn, test } from './fixtures'

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
    // Two views and four pauses to see that nothing is asked again: over 30 s on a busy machine.
    test.setTimeout(60_000)
    const asked = questionsOf(page)
    // The service's own pages of events: the server answers the list, so none is asked (the
    // service would sort the whole plan for one).
    const servicePages: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') servicePages.push(request.url())
    })
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
    expect(servicePages.map((u) => new URL(u).search)).toEqual([])

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

  test('a burst of deletions by another client asks the list again a few times, not once each', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const asked = questionsOf(page)
    await signIn(page, 'support')
    const stamp = Date.now()
    const made = []
    for (let i = 0; i < 30; i++)
      made.push(await createEvent(page, { subject: `Burst ${stamp} ${i}`, user_ID: 'support' }))
    await page.goto('/events?sort=event_ID:desc')
    const burst = page.getByRole('link', { name: new RegExp(`^Burst ${stamp} `) })
    await expect(burst).toHaveCount(25)
    await settle(page)

    asked.mark()
    // Deleted through the console's server, which tells every tab of each one as it goes.
    const deleted = await Promise.all(
      made.map((e) => service(page, 'DELETE', `/events/${e.event_ID}`)),
    )
    expect(deleted.map((d) => d.status).every((s) => s < 300)).toBe(true)
    await expect(burst).toHaveCount(0)
    await settle(page)
    // The list's rows and the plan's size, asked again once per batch of changes the stream
    // told (the deletions may span a few), not for each of the 30 (90 questions before).
    expect(asked.count('query')).toBeGreaterThan(0)
    expect(asked.count('query')).toBeLessThanOrEqual(15)
    expect(asked.count('unreadable')).toBeLessThanOrEqual(6)
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

/**
 * Makes the console server fail (503) the event questions whose body holds `marker`, until the
 * returned function is called.
 */
async function failQuestions(page: Page, marker: string) {
  let failing = true
  await page.route(
    (url) => url.pathname.endsWith('/console-api/events/query'),
    async (route) => {
      const body = route.request().postData() ?? ''
      if (!failing || !body.includes(marker)) return route.fallback()
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          error: { type: 'about:blank', title: 'Error', status: 503, detail: 'Down for a moment.' },
        }),
      })
    },
  )
  return () => (failing = false)
}

test.describe('a question the server cannot answer @scoped', () => {
  test('My events says the groups’ queue could not be read, never "0 unclaimed", and reads it again', async ({
    page,
  }) => {
    // The queue's questions: the unclaimed events of the user's groups.
    const recover = await failQuestions(page, '"unassigned":true')
    await signIn(page, 'staff')
    await page.goto('/events/mine')
    const queue = page.getByRole('region', { name: 'Group queue' })
    await expect(queue.getByRole('status')).toContainText('could not be read', { timeout: 15_000 })
    await expect(queue.getByRole('status')).toContainText('Down for a moment.')
    await expect(queue.getByRole('status')).not.toContainText('unclaimed in')
    // The rest of My events is there: one failed question does not take the page.
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    recover()
    await queue.getByRole('button', { name: 'Try again' }).click()
    await expect(queue.getByRole('status')).toContainText(/unclaimed in Utilization review/)
    await expect(queue.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  })

  test('an auth’s page says its events could not be read, never "No event names this auth"', async ({
    page,
  }) => {
    await signIn(page, 'support')
    const auth = await createAuth(page, { assigned_User: 'support' })
    await createEvent(page, { subject: `Call about auth ${auth.auth_Number}`, user_ID: 'support' })
    const recover = await failQuestions(page, `"mentionsAuth":"${auth.auth_Number}"`)
    await page.goto(`/auths/${auth.auth_Number}`)
    const events = page.getByRole('region', { name: 'Events about this auth' })
    await expect(events).toContainText('could not be read', { timeout: 15_000 })
    await expect(events).not.toContainText('No event names this auth')
    // The auth itself is read and shown.
    await expect(page.getByRole('heading', { name: new RegExp(auth.auth_Number) })).toBeVisible()
    recover()
    await events.getByRole('button', { name: 'Try again' }).click()
    await expect(
      events.getByRole('link', { name: `Call about auth ${auth.auth_Number}` }),
    ).toBeVisible()
  })

  test('the queue with its overdue not counted says so, and counts them again', async ({
    page,
  }) => {
    const recover = await failQuestions(page, '"due":"overdue"')
    await signIn(page, 'staff')
    await page.goto('/events/mine')
    const status = page.getByRole('region', { name: 'Group queue' }).getByRole('status')
    await expect(status).toContainText('overdue could not be counted', { timeout: 15_000 })
    await expect(status).toContainText(/unclaimed in Utilization review/)
    recover()
    await page
      .getByRole('region', { name: 'Group queue' })
      .getByRole('button', { name: 'Try again' })
      .click()
    await expect(status).not.toContainText('could not be counted')
    await expect(status).toContainText(/unclaimed in Utilization review/)
  })

  test('search everywhere says the events could not be searched, never "Nothing matches"', async ({
    page,
  }) => {
    await failQuestions(page, '"rank":"relevance"')
    await signIn(page, 'support')
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search everywhere' })
    await palette.getByRole('combobox', { name: 'Search events, auths and pages' }).fill('zzqqxx')
    await expect(palette.getByText(/Events could not be searched/)).toBeVisible({
      timeout: 15_000,
    })
    await expect(palette.getByText(/Nothing matches/)).toHaveCount(0)
  })
})
