import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
  browserIndex,
  createAuth,
  createEvent,
  expect,
  service,
  serviceDate,
  signIn,
  signOut,
  test,
  type ServiceEvent,
  everyEvent,
} from './fixtures'

/** Every event of the database, through the API, as another client would read it. */
const total = (page: Page) => page.getByRole('status').filter({ hasText: / of [\d,]+ events?$/ })
const fmt = (n: number) => n.toLocaleString('en-GB')

/** Waits for the index to hold every event, then expects `count` matches. */
async function expectCount(page: Page, count: number, of: number) {
  await expect(total(page)).toHaveText(`${fmt(count)} of ${fmt(of)} events`, { timeout: 20_000 })
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const isDone = (e: ServiceEvent) => Boolean(e.completion_Date) || e.status === 'Completed'

test.describe('the event index behind the list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test('each filter, and a combination, count what the service holds', async ({ page, clock }) => {
    test.setTimeout(120_000)
    await page.goto('/events')
    const all = await everyEvent(page)
    const n = all.length
    await expectCount(page, n, n)
    const now = clock.now()
    const nowText = `${dayText(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`
    const today = dayText(now)
    const monday = new Date(
      now.getFullYear(),
      now.getMonth(),
      now.getDate() - ((now.getDay() + 6) % 7),
    )
    const weekStart = dayText(monday)
    const weekEnd = dayText(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7))
    // The rules, written apart from the console's model: a reminder rings only when on and
    // open; snoozed is due already with a reminder still to ring; overdue is due and not snoozed.
    const rings = (e: ServiceEvent) => !isDone(e) && e.reminder && !!e.next_Scheduled_Date
    const snoozed = (e: ServiceEvent) =>
      rings(e) && e.next_Scheduled_Date! > nowText && !!e.due_Date && e.due_Date <= nowText
    const overdue = (e: ServiceEvent) =>
      !isDone(e) && !!e.due_Date && e.due_Date < nowText && !snoozed(e)
    const cases: [string, (e: ServiceEvent) => boolean][] = [
      ['status=Open', (e) => e.status === 'Open'],
      ['priority=URGENT,HIGH', (e) => e.priority === 'URGENT' || e.priority === 'HIGH'],
      ['type=TASK', (e) => e.event_Type === 'TASK'],
      ['user=staff', (e) => e.user_ID === 'staff'],
      ['group=5', (e) => e.userGroup_Key === 5],
      ['due=overdue', overdue],
      ['due=today', (e) => e.due_Date?.slice(0, 10) === today],
      ['due=week', (e) => !!e.due_Date && e.due_Date >= weekStart && e.due_Date < weekEnd],
      [
        'due=range&from=2026-12-01&to=2026-12-31',
        (e) => !!e.due_Date && e.due_Date >= '2026-12-01' && e.due_Date < '2027-01-01',
      ],
      ['due=snoozed', snoozed],
      ['reminder=due', (e) => rings(e) && e.next_Scheduled_Date! <= nowText],
      ['completed=done', isDone],
      ['completed=open', (e) => !isDone(e)],
      [
        'priority=URGENT&due=overdue&user=staff',
        (e) => e.priority === 'URGENT' && overdue(e) && e.user_ID === 'staff',
      ],
    ]
    for (const [query, match] of cases) {
      await page.goto(`/events?${query}`)
      await expectCount(page, all.filter(match).length, n)
    }
    await expectNoSeriousA11yViolations(page)
  })

  test('a priority sort puts Urgent, High, Normal, Low in that order', async ({ page }) => {
    const word = `Heron${Date.now()}`
    for (const priority of ['LOW', 'URGENT', 'NORMAL', 'HIGH'])
      await createEvent(page, { priority, subject: `Priority ${priority} ${word}` })
    await page.goto('/events?sort=priority:desc&cols=subject,priority')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 4, all.length)
    const subjects = page.getByRole('table').getByRole('link')
    await expect(subjects).toHaveText([
      `Priority URGENT ${word}`,
      `Priority HIGH ${word}`,
      `Priority NORMAL ${word}`,
      `Priority LOW ${word}`,
    ])
    // Ascending is the other way round, not the alphabetical order of the codes.
    await page
      .getByRole('columnheader', { name: /^Priority/ })
      .getByRole('button')
      .click()
    await expect(page).toHaveURL(/sort=priority:asc/)
    await expect(subjects.first()).toHaveText(`Priority LOW ${word}`)
    await expect(subjects.last()).toHaveText(`Priority URGENT ${word}`)
  })

  test('search finds an event by a word of its subject, and opens it', async ({ page }) => {
    const word = `Zebrafinch${Date.now()}`
    const mine = await createEvent(page, { subject: `Call the member about ${word} plan` })
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word.toLowerCase())
    await expectCount(page, 1, all.length)
    // The text stays out of the address: it may name a member.
    expect(page.url()).not.toContain(word.toLowerCase())
    await page.getByRole('link', { name: mine.subject }).click()
    await expect(page).toHaveURL(new RegExp(`/events/${mine.event_ID}$`))
    await expect(page.getByRole('heading', { name: mine.subject })).toBeVisible()
  })

  test('filter changes quicker than the address are each a step back; Back is not undone', async ({
    page,
  }) => {
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    const due = page.getByLabel('Due', { exact: true })
    /** Changes the Due filter as a script would: no pause between changes. */
    const choose = (...values: string[]) =>
      due.evaluate((el, values) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!
        for (const value of values) {
          setValue.call(el, value)
          el.dispatchEvent(new Event('change', { bubbles: true }))
        }
      }, values)
    const overdue = all.filter((e) => !isDone(e) && !!e.due_Date).length

    // Both are drawn at once; the address follows when they pause, one history entry each.
    await choose('overdue', 'week')
    await expect(due).toHaveValue('week')
    await expect(page).toHaveURL(/due=week/)
    await page.goBack()
    await expect(page).toHaveURL(/due=overdue/)
    await expect(due).toHaveValue('overdue')
    await expect(total(page)).toHaveText(new RegExp(` of ${fmt(all.length)} events$`))
    expect(overdue).toBeGreaterThan(0)
    await page.goBack()
    await expect(page).not.toHaveURL(/due=/)
    await expect(due).toHaveValue('')
    await expectCount(page, all.length, all.length)

    // Back straight after a change: wherever it lands, no late write takes the user forward
    // again, and what is drawn is what the address says.
    await page.goForward()
    await expect(page).toHaveURL(/due=overdue/)
    await choose('today')
    await page.goBack()
    await page.waitForTimeout(600)
    expect(page.url()).not.toMatch(/due=today/)
    const shown = new URL(page.url()).searchParams.get('due') ?? ''
    await expect(due).toHaveValue(shown)
  })

  test('a change made by another client appears without a reload', async ({ page }) => {
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    const word = `Kingfisher${Date.now()}`
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 0, all.length)
    // Another client (the API with the same session; the page is not told).
    await createEvent(page, { subject: `Created elsewhere ${word}` })
    await expect(total(page)).toHaveText(`1 of ${fmt(all.length + 1)} events`, {
      timeout: 30_000,
    })
  })

  test('the index lives with the session: a worker per database, gone on sign-out', async ({
    page,
  }) => {
    await browserIndex(page)
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await expect.poll(() => page.workers().length).toBe(1)
    const first = page.workers()[0]!
    // Switching database ends that worker and starts one for the other database.
    await page.getByRole('combobox', { name: 'Database' }).selectOption('training')
    await expect.poll(() => page.workers().includes(first)).toBe(false)
    await expect(total(page)).toBeVisible({ timeout: 20_000 })
    await expect.poll(() => page.workers().length).toBe(1)
    // Nothing of it in the browser's storage.
    const stored = await page.evaluate(async () => ({
      local: Object.keys(localStorage).filter((k) => !k.startsWith('bac.views')),
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    }))
    expect(stored.databases).toBe(0)
    expect(stored.caches).toBe(0)
    await signOut(page)
    await expect.poll(() => page.workers().length).toBe(0)
  })

  // Without the console server the list learns of it only when the event is opened; with it,
  // the deletion reaches the list by itself (below).
  test('an event deleted elsewhere leaves the list when it is opened and found gone @direct', async ({
    page,
  }) => {
    const word = `Plover${Date.now()}`
    const doomed = await createEvent(page, { subject: `Doomed ${word}` })
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 1, all.length)
    expect((await service(page, 'DELETE', `/events/${doomed.event_ID}`)).status).toBe(200)
    await page.getByRole('link', { name: doomed.subject }).click()
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
    await page.goBack()
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 0, all.length - 1)
  })

  test('with the console server, an event deleted elsewhere leaves the list within 2 s', async ({
    page,
  }) => {
    const word = `Plover${Date.now()}`
    const doomed = await createEvent(page, { subject: `Doomed ${word}` })
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.getByRole('searchbox', { name: 'Search subject or ID' }).fill(word)
    await expectCount(page, 1, all.length)
    expect((await service(page, 'DELETE', `/events/${doomed.event_ID}`)).status).toBe(200)
    await expect(page.getByRole('link', { name: doomed.subject })).toHaveCount(0, {
      timeout: 2_000,
    })
    await expectCount(page, 0, all.length - 1)
  })

  test('the calendar shows the month complete while the index is still loading', async ({
    page,
  }) => {
    await browserIndex(page)
    const all = await everyEvent(page)
    // Hold back the index's full load (every page of 1,000 by ID) until the month is checked.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // From the service, or the console server's copy of it.
    const fullLoad = /\/(api|console-api\/mirror)\/events\?.*sortBy=event_ID(%3A|:)asc/
    await page.context().route(fullLoad, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/events/calendar?user=*')
    const status = page.getByRole('status').filter({ hasText: /Every event of this view/ })
    await expect(status).toBeVisible({ timeout: 20_000 })
    await expect(status).toContainText('read for search')
    // The month's events by due date, as the service holds them (multi-day spans aside).
    const heading = await page.getByRole('heading', { level: 2 }).first().textContent()
    expect(heading).toBeTruthy()
    const summary = page.getByText(/^[\d,]+ events? in view/)
    const shownBefore = await summary.textContent()
    release()
    await expect(
      page.getByRole('status').filter({ hasText: /All [\d,]+ events loaded/ }),
    ).toBeVisible({ timeout: 20_000 })
    // Nothing was missing: the complete index shows the same count in view.
    await expect(summary).toHaveText(shownBefore ?? '')
    expect(all.length).toBeGreaterThan(1000)
  })
})

test.describe('search everywhere', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  const palette = (page: Page) => page.getByRole('dialog', { name: 'Search everywhere' })
  const box = (page: Page) =>
    palette(page).getByRole('combobox', { name: 'Search events, auths and pages' })

  test('Ctrl+K opens an auth by number, from the keyboard alone', async ({ page, clock }) => {
    const yy = clock.now().getFullYear() % 100
    let authNumber = ''
    for (const year of [yy, yy - 1]) {
      const n = `${String(year).padStart(2, '0')}-000001`
      if ((await service(page, 'GET', `/auths/${n}`)).status === 200) authNumber = n
      if (authNumber) break
    }
    expect(authNumber).not.toBe('')
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    await expect(box(page)).toBeFocused()
    await page.keyboard.type(authNumber)
    await expect(
      palette(page).getByRole('option', { name: `Open auth ${authNumber}` }),
    ).toHaveAttribute('aria-selected', 'true')
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/auths/${authNumber}$`))
    await expect(page.getByRole('heading', { name: `Auth ${authNumber}` })).toBeVisible()
    await expect(palette(page)).toHaveCount(0)
  })

  const noSuchAuth = (page: Page, authNumber: string) =>
    palette(page)
      .getByRole('status')
      .filter({ hasText: `No auth ${authNumber} in this database.` })
  const listOpen = (page: Page) =>
    expect(page.getByRole('heading', { name: 'Events', exact: true, level: 1 })).toBeVisible()

  test('an auth number opens without its dash; an unknown one says so', async ({ page, clock }) => {
    const yy = clock.now().getFullYear() % 100
    let known = ''
    for (const year of [yy, yy - 1]) {
      const n = `${String(year).padStart(2, '0')}-000002`
      if ((await service(page, 'GET', `/auths/${n}`)).status === 200) known = n
      if (known) break
    }
    expect(known).not.toBe('')
    const unknown = `${known.slice(0, 2)}-999999`
    expect((await service(page, 'GET', `/auths/${unknown}`)).status).toBe(404)
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    // A number still being typed is not looked up: no request, nothing offered.
    const lookups: string[] = []
    page.on('request', (r) => {
      if (/\/auths\/[^/?]+$/.test(new URL(r.url()).pathname)) lookups.push(r.url())
    })
    for (const partial of [known.slice(0, 3), known.slice(0, 6)]) {
      await box(page).fill(partial)
      await page.waitForTimeout(600)
      await expect(palette(page).getByRole('option', { name: /Open auth/ })).toHaveCount(0)
    }
    expect(lookups).toEqual([])
    await box(page).fill(unknown.replace('-', ''))
    // Checked with the service: not offered, and said so; nor is an event of that ID, none existing.
    await expect(noSuchAuth(page, unknown)).toBeVisible()
    await expect(palette(page).getByRole('option', { name: /Open auth/ })).toHaveCount(0)
    await expect(palette(page).getByRole('option', { name: /Open event/ })).toHaveCount(0)
    await box(page).fill(unknown)
    await expect(noSuchAuth(page, unknown)).toBeVisible()
    await expect(palette(page).getByRole('option', { name: /Open auth/ })).toHaveCount(0)

    await box(page).fill(known.replace('-', ''))
    const option = palette(page).getByRole('option', { name: `Open auth ${known}` })
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await expect(option).not.toContainText('Checking')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/auths/${known}$`))
    await expect(page.getByRole('heading', { name: `Auth ${known}` })).toBeVisible()
  })

  test('an auth found by number shows its decision clock', async ({ page, clock }) => {
    // Support creates the auth (staff may not).
    await signOut(page)
    await signIn(page, 'support')
    const received = serviceDate(clock, -60)
    const auth = await createAuth(page, { received_Date: received, urgent: true })
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    await box(page).fill(auth.auth_Number)
    // Urgent: 72 hours from receipt, received an hour ago.
    await expect(
      palette(page).getByRole('option', { name: new RegExp(`Open auth ${auth.auth_Number}`) }),
    ).toContainText(/Decision due in (2 days|3 days|71 h|70 h)/)
  })

  test('the exact subject comes first, and Enter opens it', async ({ page }) => {
    const tag = `Heron${Date.now()}`
    const exact = await createEvent(page, { subject: `Quarterly review ${tag}` })
    const longer = await createEvent(page, { subject: `Quarterly review ${tag} follow-up` })
    // The near-duplicate changed last: newest first would put it above.
    expect(longer.update_Date! > exact.update_Date!).toBe(true)
    await page.goto('/events')
    await listOpen(page)
    await page.keyboard.press('Control+k')
    await box(page).fill(exact.subject)
    const options = palette(page).getByRole('option')
    await expect(
      palette(page).getByRole('option', { name: new RegExp(longer.subject) }),
    ).toBeVisible({ timeout: 20_000 })
    await expect(options.first()).toContainText(`Event ${exact.event_ID}`)
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${exact.event_ID}$`))
    await expect(page.getByRole('heading', { name: exact.subject, level: 1 })).toBeVisible()
  })

  test('"new" offers New event before the renewals; accents need not be typed', async ({
    page,
  }) => {
    const tag = `Plover${Date.now()}`
    const accented = await createEvent(page, { subject: `Call José Núñez about ${tag}` })
    await page.goto('/events')
    await listOpen(page)
    await page.keyboard.press('Control+k')
    await box(page).fill('new')
    // The index is ready: renewal events are among the answers, after the command.
    await expect(
      palette(page)
        .getByRole('option', { name: /renewal/i })
        .first(),
    ).toBeVisible({ timeout: 20_000 })
    const first = palette(page).getByRole('option').first()
    await expect(first).toHaveText('New event')
    await expect(first).toHaveAttribute('aria-selected', 'true')

    await box(page).fill(`jose nunez ${tag.toLowerCase()}`)
    const found = palette(page).getByRole('option', { name: new RegExp(accented.subject) })
    await expect(found).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${accented.event_ID}$`))
  })

  test('finds an event by a word of its subject or its ID, and pages by name', async ({ page }) => {
    const word = `Sandpiper${Date.now()}`
    const mine = await createEvent(page, { subject: `Review the ${word} appeal` })
    await page.goto('/events')
    const all = await everyEvent(page)
    await expectCount(page, all.length, all.length)
    await page.keyboard.press('/')
    await box(page).fill(word.toLowerCase())
    const option = palette(page).getByRole('option', { name: new RegExp(mine.subject) })
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${mine.event_ID}$`))

    await page.keyboard.press('Control+k')
    await box(page).fill(String(mine.event_ID))
    await expect(palette(page).getByRole('option').first()).toContainText(mine.subject)

    await box(page).fill('calendar')
    await palette(page).getByRole('option', { name: 'Calendar', exact: true }).click()
    await expect(page).toHaveURL(/\/events\/calendar/)
  })

  test('auth numbers and event references in an event’s text are links', async ({ page }) => {
    const other = await createEvent(page, { subject: 'The event referred to' })
    const mine = await createEvent(page, {
      subject: `Call provider about auth 26-000001, see event ${other.event_ID}`,
    })
    await page.goto(`/events/${mine.event_ID}`)
    await expect(page.getByRole('link', { name: 'Auth 26-000001' })).toHaveAttribute(
      'href',
      '/auths/26-000001',
    )
    await page.getByRole('link', { name: `event ${other.event_ID}` }).click()
    await expect(page).toHaveURL(new RegExp(`/events/${other.event_ID}$`))
  })
})
