import type { Page, Request } from '@playwright/test'
import { midnight } from './calendar-oracle'
import { API_KEY, DEMO_PASSWORD, expect, serviceDate, sessionToken, signIn, test } from './fixtures'

/*
 * The console with its own server in front of the service (as `npm start` runs it): the sign-in
 * page asks for no API key, no answer the browser gets holds a secret, and a change made by
 * another client reaches every open view within 2 s, without polling.
 */

/** The sandbox itself, behind the console server (playwright.config.ts puts it there). */
const serviceDirect = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 2000}/api`

/** Every request this page sends and every answer it reads, for the secrets checks. */
function watch(page: Page) {
  const requests: Request[] = []
  const bodies: Promise<string>[] = []
  page.on('request', (r) => requests.push(r))
  page.on('response', (r) => {
    const type = r.request().resourceType()
    // The stream's answer never ends: its messages are checked by reading it below.
    if (
      (type === 'fetch' || type === 'xhr') &&
      !new URL(r.url()).pathname.endsWith('/console-api/stream')
    )
      bodies.push(r.text().catch(() => ''))
  })
  return { requests, bodies }
}

async function writeDirectly(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(serviceDirect + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': API_KEY,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, data: ((await response.json()) as { data: never }).data }
}

test.describe('with the console server', () => {
  test('the sign-in page asks for no API key; no answer, stream or health page holds one', async ({
    page,
  }) => {
    const seen = watch(page)
    await page.goto('/sign-in')
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByLabel('API key')).toHaveCount(0)
    await expect(page.getByText(/sandbox-key/)).toHaveCount(0)
    await signIn(page, 'staff')
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    await page.goto('/events')
    await expect(page.getByRole('table')).toBeVisible()
    // The key never leaves the server: no request of the browser carries it.
    for (const request of seen.requests)
      expect(await request.headerValue('x-api-key'), request.url()).toBeNull()
    for (const body of await Promise.all(seen.bodies)) {
      expect(body).not.toContain(API_KEY)
      expect(body).not.toContain(DEMO_PASSWORD)
    }
    const token = await sessionToken(page)
    const base = `http://127.0.0.1:${process.env.E2E_PORT}`
    const headers = { authorization: `Bearer ${token}`, 'service-database': 'demo' }
    const health = await fetch(`${base}/console-api/health`, { headers })
    expect(health.ok).toBe(true)
    const text = await health.text()
    expect(text).toContain('"events"')
    // The stream, read for a while after a change: names of records, never a secret.
    const stream = await fetch(`${base}/console-api/stream`, {
      headers,
      signal: AbortSignal.timeout(3_000),
    })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    let streamed = ''
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    const streamedEvent = await writeDirectly(token, 'POST', '/events', {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      user_ID: 'staff',
      status: 'Open',
      priority: 'NORMAL',
      reminder: false,
      subject: `Streamed ${Date.now()}`,
    })
    expect(streamedEvent.status).toBe(200)
    try {
      while (!streamed.includes('event: change')) {
        const { value, done } = await reader.read()
        if (done) break
        streamed += decoder.decode(value)
      }
    } catch {
      // Cut off by the timeout: what came is checked.
    }
    expect(streamed).toContain('event: change')
    for (const said of [text, streamed]) {
      expect(said).not.toContain(API_KEY)
      expect(said).not.toContain(DEMO_PASSWORD)
      expect(said).not.toContain(token)
      expect(said).not.toContain('Streamed')
    }
  })

  test('a change made on the service by another client reaches My events, the bell, the list and the calendar within 2 s', async ({
    page,
    clock,
  }) => {
    // Two people signed in and five views: more than the default 30 s on a busy machine.
    test.setTimeout(60_000)
    await signIn(page, 'staff')
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    const token = await sessionToken(page)
    // The index has loaded (from the server's copy) before the change is made.
    await page.goto('/events?sort=event_ID:desc')
    await expect(page.getByRole('table')).toBeVisible()
    await expect(page.getByText(/Updating|Loading/)).toHaveCount(0, { timeout: 20_000 })

    const subject = `Written past the console ${Date.now()}`
    // Due today, so the agenda's week shows it: half an hour on, or before, near midnight
    // (a Sunday's 23:41 plus half an hour is next week's Monday).
    const now = clock.now()
    const due = midnight(now, 1).getTime() - now.getTime() > 40 * 60_000 ? 30 : -30
    const created = await writeDirectly(token, 'POST', '/events', {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      user_ID: 'staff',
      status: 'Open',
      priority: 'NORMAL',
      subject,
      due_Date: serviceDate(clock, due),
      reminder: true,
      next_Scheduled_Date: serviceDate(clock, -5),
    })
    expect(created.status).toBe(200)
    const written = Date.now()
    // The server reads the service's changes every second; then the stream, the index, the view.
    await expect(page.getByRole('link', { name: subject })).toBeVisible({ timeout: 3_000 })
    const onList = Date.now() - written

    // On to the other views as the user goes, by the menu (a page load is not what is timed).
    const menu = page.getByRole('navigation', { name: 'Main' })
    await menu.getByRole('link', { name: 'My events' }).click()
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    await expect(page.getByText(subject).first()).toBeVisible({ timeout: 2_000 })
    await page.getByRole('button', { name: /^Reminders/ }).click()
    await expect(page.getByRole('dialog', { name: 'Reminders' }).getByText(subject)).toBeVisible({
      timeout: 2_000,
    })
    await page.keyboard.press('Escape')
    // The agenda: a list of each day's events (a week's grid draws 8 a day, and by the
    // afternoon the demo's events overdue earlier today are more pressing than this one).
    await menu.getByRole('link', { name: 'Calendar' }).click()
    const agenda = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' })
    await agenda.click()
    await expect(agenda).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText(subject).first()).toBeVisible({ timeout: 2_000 })
    expect(onList).toBeLessThan(3_000)

    // Another user changes it in their own browser, through the console's server: the first
    // browser sees it within 2 s.
    const other = await page.context().browser()!.newContext()
    const second = await other.newPage()
    await signIn(second, 'admin')
    await expect(second.getByRole('heading', { name: 'My events' })).toBeVisible()
    const id = (created.data as { event_ID: number }).event_ID
    await second.goto(`/events/${id}/edit`)
    const renamed = `${subject} (renamed)`
    await second.getByLabel('Subject').fill(renamed)
    await second.getByRole('button', { name: 'Save' }).click()
    await expect(second.getByText(renamed).first()).toBeVisible()
    await expect(page.getByText(renamed).first()).toBeVisible({ timeout: 2_000 })
    await other.close()
  })
})
