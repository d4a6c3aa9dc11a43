import type { BrowserContext, Locator, Page, Route } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, service, serviceText, signIn, test, everyEvent } from './fixtures'

/*
 * A record the service holds that fails the contract, and a page it fails to send,
 * must not take the list, the calendar or search down with them. The real sandbox answers; the
 * browser's requests are altered on their way back (`route.fetch()`, then one field corrupted),
 * and every request for the first 1,000 events by ID (the index's full load, whatever the page
 * size) is answered 500. The checks through the API see the service as it is.
 */

type Json = Record<string, unknown>
/** What the corrupted field holds: text where a date belongs (and nothing to leak). */
const NOT_A_DATE = 'after lunch on Friday'

/** Every event of the database, through the API, as another client would read it. */
const problem500 = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({
    data: null,
    error: { title: 'Internal Server Error', status: 500, detail: 'The page could not be read.' },
    debug: { activityID: 'e2e-failed-page' },
  }),
}

/**
 * Corrupts `start_Date` of event `badId` in every answer that carries it (lists, its page, a
 * user's events), and fails every full-load request that reaches into events 1–1,000 by ID.
 * Returns the log of the full load's page requests.
 */
async function alterAnswers(context: BrowserContext, badId: number) {
  const fullLoad: { page: number; pageSize: number }[] = []
  const corrupt = (e: Json) => (e.event_ID === badId ? { ...e, start_Date: NOT_A_DATE } : e)
  const passCorrupted = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue()
    const response = await route.fetch()
    const json = (await response.json()) as { data: unknown }
    if (Array.isArray(json.data)) json.data = (json.data as Json[]).map(corrupt)
    else if (json.data && typeof json.data === 'object') json.data = corrupt(json.data as Json)
    return route.fulfill({ response, json })
  }
  await context.route(
    // The service's list, or the console server's copy of it, which the index reads instead.
    (url) => url.pathname === '/api/events' || url.pathname === '/console-api/mirror/events',
    async (route) => {
      const url = new URL(route.request().url())
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 0)
      if (url.searchParams.get('sortBy') === 'event_ID:asc' && pageSize > 1) {
        fullLoad.push({ page, pageSize })
        if ((page - 1) * pageSize < 1000) return route.fulfill(problem500)
      }
      return passCorrupted(route)
    },
  )
  await context.route((url) => url.pathname === `/api/events/${badId}`, passCorrupted)
  await context.route((url) => /^\/api\/users\/[^/]+\/events$/.test(url.pathname), passCorrupted)
  return fullLoad
}

const fmt = (n: number) => n.toLocaleString('en-GB')
const note = (scope: Page | Locator) => scope.getByRole('note', { name: 'Events left out' })

/** Every event ID the calendar's view shows, including those behind its "+N more" links. */
async function shownIds(page: Page): Promise<Set<number>> {
  const read = (scope: Locator) =>
    scope
      .locator('[data-event-id]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-event-id'))))
  const calendar = page.getByRole('region', { name: 'Calendar' })
  const ids = new Set(await read(calendar))
  const more = calendar.locator('[aria-haspopup="dialog"]')
  for (let i = 0; i < (await more.count()); i++) {
    await more.nth(i).click()
    const popover = page.getByRole('dialog')
    for (const id of await read(popover)) ids.add(id)
    await popover.getByRole('button', { name: 'Close' }).click()
    await expect(popover).toBeHidden()
  }
  return ids
}

// The service's failing pages reach the browser only without the console server (which reads
// the service itself and answers from its copy): this runs in the direct project.
test('an unreadable event and a page that fails leave the list, calendar and search working @direct', async ({
  page,
  clock,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'staff')
  const word = `Cormorant${Date.now()}`
  const now = clock.now()
  const due = serviceText(new Date(now.getFullYear(), now.getMonth(), 12, 10, 0))
  const bad = await createEvent(page, { subject: `Unreadable ${word}`, due_Date: due })
  const good = await createEvent(page, { subject: `Readable ${word}`, due_Date: due })
  const all = await everyEvent(page)
  // The two are the newest: past the first 1,000 by ID, which the service fails to send.
  expect(all.findIndex((e) => e.event_ID === bad.event_ID)).toBeGreaterThanOrEqual(1000)
  const held = all.length - 1000 - 1
  // Leave the console first, so that no worker of the page signed in on counts among the reads.
  await page.goto('about:blank')
  const fullLoad = await alterAnswers(page.context(), bad.event_ID)

  // The list: counts what could be read, says what could not, and filters as usual.
  await page.goto('/events')
  const total = page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
  await expect(total).toHaveText(`${fmt(held)} of ${fmt(held)} events`, { timeout: 60_000 })
  await expect(note(page)).toContainText(
    `1 event could not be read: ID ${bad.event_ID} — open it to see what can be read`,
  )
  await expect(note(page)).toContainText(
    'Events 1–1,000 could not be read; the totals leave them out.',
  )
  await expect(note(page).getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(note(page)).not.toContainText(NOT_A_DATE)
  // The failed page was asked again, then in pages of 100 (each asked again); none came back.
  expect(fullLoad.filter((r) => r.pageSize === 1000 && r.page === 1)).toHaveLength(2)
  expect(
    fullLoad
      .filter((r) => r.pageSize === 100)
      .map((r) => r.page)
      .sort((a, b) => a - b),
  ).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10])
  await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
  await expect(total).toHaveText(`1 of ${fmt(held)} events`)
  await expect(page.getByRole('table').getByRole('link', { name: good.subject })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // The calendar: the month, complete as far as it can be read, and the same note.
  await page.getByRole('link', { name: 'Calendar', exact: true }).click()
  await expect(page).toHaveURL(/\/events\/calendar/)
  await expect(
    page.getByRole('status').filter({ hasText: `All ${fmt(held)} events loaded` }),
  ).toBeVisible()
  await expect(page.getByText('Loading the calendar…')).toBeHidden({ timeout: 15_000 })
  await expect(page.getByRole('alert').filter({ hasText: /could not be loaded/ })).toHaveCount(0)
  await expect(note(page)).toContainText(`1 event could not be read: ID ${bad.event_ID}`)
  const ids = await shownIds(page)
  expect(ids.has(good.event_ID)).toBe(true)
  expect(ids.has(bad.event_ID)).toBe(false)
  await expectNoSeriousA11yViolations(page)

  // Search everywhere finds the readable one, and names the other.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Search everywhere' })
  await palette.getByRole('combobox', { name: 'Search events, auths and pages' }).fill(word)
  await expect(palette.getByRole('option', { name: new RegExp(good.subject) })).toBeVisible()
  await expect(palette.getByRole('option', { name: new RegExp(bad.subject) })).toHaveCount(0)
  await expect(note(palette)).toContainText(`1 event could not be read: ID ${bad.event_ID}`)
  await expectNoSeriousA11yViolations(page)

  // Its page, from the note: what can be read, the field that cannot, Delete and no Edit.
  await note(palette)
    .getByRole('link', { name: String(bad.event_ID), exact: true })
    .click()
  await expect(palette).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/events/${bad.event_ID}$`))
  await expect(page.getByRole('heading', { level: 1, name: bad.subject })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'cannot read' })).toContainText(
    'This event has fields the console cannot read: start_Date.',
  )
  await expect(page.getByRole('main')).not.toContainText(NOT_A_DATE)
  const when = page.getByRole('region', { name: 'When' })
  await expect(when.getByRole('definition').first()).toContainText('Cannot be read')
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Its edit address refuses it in words.
  await page.goto(`/events/${bad.event_ID}/edit`)
  await expect(
    page.getByRole('heading', { name: 'This event cannot be edited here' }),
  ).toBeVisible()
  await expect(page.getByText(/has fields the console cannot read: start_Date/)).toBeVisible()
  await page.getByRole('link', { name: `Open event ${bad.event_ID}` }).click()

  // Delete works, on the service.
  const toolbar = page.getByRole('toolbar', { name: 'Event actions' })
  await toolbar.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Delete event' }).click()
  await expect(page).toHaveURL(/\/events$/)
  expect((await service(page, 'GET', `/events/${bad.event_ID}`)).status).toBe(404)
  expect((await service(page, 'GET', `/events/${good.event_ID}`)).status).toBe(200)
  // Gone from the note; the missing range is still named.
  await expect(note(page)).toContainText('Events 1–1,000 could not be read', { timeout: 60_000 })
  await expect(note(page)).not.toContainText('event could not be read')
})

test('an auth that fails the contract shows what can be read and can be deleted', async ({
  page,
}) => {
  await signIn(page, 'support')
  const { status, data } = await service<Json>(page, 'POST', '/auths', {
    closed: false,
    new_Or_Extended: false,
    previous_Treatment: false,
    tPlan_DownLoaded: false,
    tPlan_Printed: 'N',
    urgent: false,
    auth_Code: 'P',
    status: 'Pended',
    service_Type: 'Physical Therapy',
    service_Code: '97110',
    notes: 'Created by the e2e test',
  })
  expect(status).toBe(200)
  const authNumber = data.auth_Number as string
  await page.context().route(
    (url) => url.pathname === `/api/auths/${authNumber}`,
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue()
      const response = await route.fetch()
      const json = (await response.json()) as { data: Json }
      return route.fulfill({ response, json: { ...json, data: { ...json.data, urgent: 'yes' } } })
    },
  )
  await page.goto(`/auths/${authNumber}`)
  await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'cannot read' })).toContainText(
    'This auth has fields the console cannot read: urgent.',
  )
  // What can be read is there.
  await expect(page.getByText('Physical Therapy').first()).toBeVisible()
  for (const action of ['Edit', 'Adjust', 'Change status'])
    await expect(
      page.getByRole('link', { name: action }).or(page.getByRole('button', { name: action })),
    ).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByLabel(`Type ${authNumber} to confirm`).fill(authNumber)
  await page.getByRole('button', { name: 'Delete auth' }).click()
  await expect(page).toHaveURL(/\/auths$/)
  expect((await service(page, 'GET', `/auths/${authNumber}`)).status).toBe(404)
})
