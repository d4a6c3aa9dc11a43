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
