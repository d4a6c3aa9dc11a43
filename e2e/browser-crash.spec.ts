import { spawn } from 'node:child_process'
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
// @ts-expect-error: plain JS helper shared with scripts/ensure-browser.mjs
import { chromiumPath } from '../scripts/browser.mjs'
import { API_KEY, DEMO_PASSWORD, expect, fillApiKeyIfAsked, test } from './fixtures'

/*
 * A browser killed while the console is open (kill -9: no page is told) leaves its profile on
 * disk. Whoever copies that profile must find no token the service still takes and no key that
 * opens a draft: the console keeps its secrets in memory.
 */

/** Every file of a folder as text, so that any token stored in it, in any encoding, can be found. */
function profileText(dir: string): string {
  const out: string[] = []
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name)
      const info = lstatSync(full, { throwIfNoEntry: false })
      if (!info) continue
      if (info.isDirectory()) walk(full)
      else if (info.isFile() && info.size < 64 * 1024 * 1024) {
        // Chromium keeps storage values as UTF-16: read every file both ways, at both alignments.
        const bytes = readFileSync(full)
        out.push(bytes.toString('latin1'))
        for (const start of [0, 1]) {
          // A copy of whole 16-bit units (decoding a view that starts on an odd byte is unsafe).
          const units = Buffer.from(bytes.subarray(start, start + ((bytes.length - start) & ~1)))
          out.push(new TextDecoder('utf-16le').decode(units))
        }
      }
    }
  }
  walk(dir)
  return out.join('\n')
}

async function waitForPort(dir: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    try {
      const [port] = readFileSync(path.join(dir, 'DevToolsActivePort'), 'utf8').split('\n')
      if (port) return Number(port)
    } catch {
      // not yet written
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('Chromium did not open its debugging port')
}

test('a killed browser leaves no usable token and no drafts key in its profile', async ({
  baseURL,
}) => {
  test.setTimeout(90_000)
  const executable = (chromiumPath() as string | undefined) ?? chromium.executablePath()
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'))
  const browserProcess = spawn(
    executable,
    [
      '--headless=new',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${await waitForPort(profile)}`)
    const context = browser.contexts()[0]!
    const page: Page = context.pages()[0] ?? (await context.newPage())

    // Every token the service hands this browser, read off the wire.
    const idTokens = new Set<string>()
    const refreshTokens = new Set<string>()
    page.on('response', async (response) => {
      if (!/\/api\/user-(authentication|refresh-tokens)$/.test(response.url())) return
      const body = (await response.json().catch(() => null)) as {
        data?: { authenticationResult?: { idToken?: string; refreshToken?: string } }
      } | null
      const result = body?.data?.authenticationResult
      if (result?.idToken) idTokens.add(result.idToken)
      if (result?.refreshToken) refreshTokens.add(result.refreshToken)
    })

    await page.goto(`${baseURL}/sign-in`)
    await fillApiKeyIfAsked(page)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible()
    // A reload (its page hands the next one the session), then a draft typed.
    await page.reload()
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible()
    await page.goto(`${baseURL}/events/new`)
    await page.getByLabel('Subject', { exact: true }).fill('Typed before the crash')
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('bac.draft.'))),
      )
      .toBe(true)
    expect(idTokens.size).toBeGreaterThan(0)
    expect(refreshTokens.size).toBeGreaterThan(1)
    // Chromium writes session storage to disk a few seconds after a change.
    await page.waitForTimeout(6_000)

    // Disconnect (the test runner lets go of the browser), then kill -9: no page is told.
    await browser.close()
    expect(browserProcess.exitCode, 'the browser still runs when killed').toBeNull()
    browserProcess.kill('SIGKILL')
    await new Promise((resolve) => browserProcess.once('exit', resolve))

    const disk = profileText(profile)
    // The tab's storage did reach the disk (the check below would say nothing otherwise).
    expect(disk).toContain('bac.session')
    for (const token of idTokens) expect(disk.includes(token), 'an ID token on disk').toBe(false)
    // A refresh token found on disk is one already swapped: the service takes none of them.
    for (const token of refreshTokens) {
      if (!disk.includes(token)) continue
      const res = await fetch(`${baseURL}/api/user-refresh-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify({ refreshToken: token }),
      })
      expect(res.status, 'a refresh token on disk still works').toBe(401)
    }
  } finally {
    if (browserProcess.exitCode === null) browserProcess.kill('SIGKILL')
    rmSync(profile, { recursive: true, force: true })
  }
})
