import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** Opens a same-origin page in `page` and frames the console's `/events/mine` in it. */
async function frameConsole(page: Page) {
  await page.goto('/api/openapi.json')
  await page.evaluate(() => {
    const frame = document.createElement('iframe')
    frame.src = '/events/mine'
    frame.name = 'framed'
    frame.style.width = '800px'
    frame.style.height = '600px'
    document.body.append(frame)
  })
  // Loaded, or refused by the browser (an error page in its place).
  await expect
    .poll(() => page.frame({ name: 'framed' })?.url() ?? '')
    .toMatch(/\/events\/mine$|^chrome-error:/)
  const frame = page.frame({ name: 'framed' })!
  await frame.waitForLoadState('load').catch(() => undefined)
  return frame
}

test.describe('security', () => {
  test('pages come with a Content-Security-Policy that forbids framing, nosniff and no referrer', async ({
    page,
  }) => {
    for (const path of ['/', '/events/42']) {
      const response = await page.request.get(path)
      expect(response.status()).toBe(200)
      const headers = response.headers()
      const csp = headers['content-security-policy'] ?? ''
      for (const directive of [
        "default-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "connect-src 'self'",
      ])
        expect(csp, path).toContain(directive)
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'")
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('no-referrer')
    }
    // The app runs under its own policy: signing in works and nothing is refused.
    const refused: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text())
    })
    await signIn(page, 'staff')
    await page.goto('/events/calendar')
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
    expect(refused).toEqual([])
  })

  test('no page breaks its Content-Security-Policy (no eval, nothing refused)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { cspSeen: string[] }).cspSeen = seen
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    await signIn(page, 'support')
    const seen = () => page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen)
    for (const [path, heading] of [
      ['/events/mine', 'My events'],
      ['/events', 'Events'],
      ['/events/calendar', 'Calendar'],
      ['/auths', 'Auths'],
      ['/auths/import', 'Import auths'],
      ['/events/new', 'New event'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await page.waitForTimeout(500)
      expect(await seen(), path).toEqual([])
    }
  })

  test("a page of the same origin gets nothing from the tabs' channels and cannot sign a tab in", async ({
    page,
    context,
  }) => {
    await signIn(page, 'staff')
    const hostile = await context.newPage()
    await hostile.goto('/config.json')
    const heard = await hostile.evaluate(async () => {
      const heard: unknown[] = []
      for (const name of ['bac.session', 'bac.activity']) {
        const channel = new BroadcastChannel(name)
        channel.onmessage = (event: MessageEvent) => heard.push(event.data)
        channel.postMessage({ type: 'request-session' })
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
      return heard
    })
    expect(JSON.stringify(heard)).not.toMatch(/eyJ|refresh|draftKey|apiKey|sandbox-key/i)

    // A forged session and unlock, sent to a signed-out tab and a locked one, sign nobody in.
    const victim = await context.newPage()
    await victim.goto('/sign-in')
    await hostile.evaluate(() => {
      const channel = new BroadcastChannel('bac.session')
      const session = {
        baseUrl: '/api',
        apiKey: 'sandbox-key',
        database: 'demo',
        token: 'forged',
        claims: { sub: 'staff' },
      }
      channel.postMessage({ type: 'session', session })
      channel.postMessage({ type: 'unlock', token: 'forged', user: 'staff', db: 'demo' })
      channel.postMessage({ type: 'tokens', token: 'forged', user: 'staff', db: 'demo' })
    })
    await victim.waitForTimeout(500)
    await victim.goto('/events/mine')
    await expect(victim.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    // The signed-in tab kept its own token: the next request goes out with it.
    await page.goto('/events/mine')
    await expect(page.getByRole('heading', { name: 'My events', level: 1 })).toBeVisible()
  })

  test('a framed copy of the console renders nothing signed in, with or without the headers', async ({
    page,
    context,
  }) => {
    await signIn(page, 'staff')
    const other = await context.newPage()

    // The browser refuses the frame (frame-ancestors 'none').
    const blocked = await frameConsole(other)
    expect(blocked.url()).toMatch(/^chrome-error:/)
    await expect(blocked.getByRole('navigation', { name: 'Main' })).toHaveCount(0)

    // Where a server forgets the headers, the app itself refuses to start inside a frame.
    await other.route('**/events/mine', async (route) => {
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers['content-security-policy']
      delete headers['x-frame-options']
      await route.fulfill({ response, headers })
    })
    const framed = await frameConsole(other)
    await expect(framed.getByText('cannot be shown inside another page')).toBeVisible()
    await expect(framed.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    expect(await framed.evaluate(() => sessionStorage.length)).toBe(0)

    // The signed-in tab is unaffected, and its session reaches no frame.
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(framed.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  })
})
