import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { securityHeaders } from '../security-headers'
import { openEmbedded } from '../server/db/storage'
import {
  firstEvent,
  startDeployment,
  startServerDeployment,
  type Deployment,
  type ServerDeployment,
} from './deployment'
import { API_KEY, DEMO_PASSWORD, expect, fillApiKeyIfAsked, test } from './fixtures'

/*
 * The deployment kit (deploy/nginx) with a real nginx, the production build and the sandbox as a
 * separate service: deep links, headers, caching, precompression, a sub-path, and a tab left open
 * across a new build.
 */
let deployment: Deployment
test.beforeAll(async () => {
  deployment = await startDeployment()
})
test.afterAll(async () => {
  await deployment?.stop()
})

/** Signs in on the sign-in page the app sent us to, then waits for the signed-in header. */
async function signInHere(page: Page) {
  await fillApiKeyIfAsked(page)
  await page.getByLabel('Username').fill('staff')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible()
}

/** Collects what the browser refused: CSP violations and failed requests. */
function watchRefusals(page: Page) {
  const refused: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|CORS|blocked/i.test(m.text()))
      refused.push(m.text())
  })
  // Not a request the page itself dropped (ERR_ABORTED): a reload or a navigation ends whatever
  // is still in flight, which is no refusal, and how much is in flight then is a matter of timing.
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? ''
    if (error !== 'net::ERR_ABORTED') refused.push(`${r.url()}: ${error}`)
  })
  return refused
}

test.describe('deployed with nginx (deploy/nginx)', () => {
  test("the build holds index.html, assets/ and the files of public/ only: no config.json (the sandbox's names the demo sign-in) for a copy to ship", () => {
    const publicFiles = readdirSync('public')
    expect(publicFiles.sort()).toEqual(['favicon.svg', 'robots.txt'])
    expect(readdirSync('dist').sort()).toEqual(['assets', 'index.html', ...publicFiles].sort())
  })

  test('every answer carries the security headers; the CSP allows only the service besides itself', async () => {
    const serviceOrigin = new URL(deployment.service).origin
    for (const url of [
      '/',
      '/events/42',
      '/config.json',
      '/no-such-page',
      '/robots.txt',
      '/favicon.svg',
    ]) {
      const response = await fetch(deployment.root + url)
      expect(response.status, url).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, url).toContain("frame-ancestors 'none'")
      expect(csp, url).toContain(`connect-src 'self' ${serviceOrigin}`)
      expect(csp, url).toContain("script-src 'self';")
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer')
      expect(response.headers.get('permissions-policy'), url).toContain('camera=()')
      expect(response.headers.get('x-frame-options'), url).toBe('DENY')
      expect(response.headers.get('x-robots-tag'), url).toBe('noindex')
    }
    // The same headers the preview server sends (security-headers.ts), so tests see production's:
    // every header the kit sets, with the same value, and no other.
    const preview = Object.fromEntries(
      Object.entries(securityHeaders('preview', path.join(deployment.html, 'config.json'))).map(
        ([name, value]) => [name.toLowerCase(), value],
      ),
    )
    const kit = readFileSync('deploy/nginx/console-security-headers.inc.template', 'utf8')
    const names = [...kit.matchAll(/^add_header (\S+) /gm)].map((m) => m[1]!.toLowerCase())
    expect(names).toContain('cross-origin-opener-policy')
    expect(Object.keys(preview).sort()).toEqual([...names].sort())
    const served = await fetch(deployment.root + '/')
    for (const name of names) expect(served.headers.get(name), name).toBe(preview[name])
  })

  test('a deep link gets the app; index.html and config.json are never cached, hashed assets for a year, precompressed', async () => {
    const page = await fetch(`${deployment.root}/events/42`)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain('<base href="/" />')

    const config = await fetch(`${deployment.root}/config.json`)
    expect(config.headers.get('cache-control')).toBe('no-store')
    expect(((await config.json()) as { serviceUrl: string }).serviceUrl).toBe(deployment.service)

    const script = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1]
    expect(script, 'the entry script in index.html').toBeTruthy()
    const asset = await fetch(`${deployment.root}/${script}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('javascript')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
    expect(asset.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    // A chunk that is not there is a 404, not index.html served as JavaScript, and not cached.
    const missing = await fetch(`${deployment.root}/assets/gone-0000.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBeNull()
  })

  test('under a sub-path, nothing else of the host answers, and the path without its slash leads to it', async () => {
    const origin = new URL(deployment.subPath).origin
    for (const url of ['/', '/index.html', '/config.json', '/assets/', '/robots.txt']) {
      const response = await fetch(origin + url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('x-robots-tag'), url).toBe('noindex')
    }
    const bare = await fetch(deployment.subPath, { redirect: 'manual' })
    expect(bare.status).toBe(301)
    expect(bare.headers.get('location')).toBe('/console/')
    expect(bare.headers.get('x-robots-tag')).toBe('noindex')
    const page = await fetch(`${deployment.subPath}/`)
    expect(await page.text()).toContain('<base href="/console/" />')
  })

  test('dotfiles, source maps and .well-known are 404 even when they sit in the served folder, at the root and under a sub-path', async () => {
    // What a careless copy leaves beside the build: secrets, a repository, source maps.
    const planted = {
      '.env': 'SECRET=planted',
      '.git/config': '[remote "origin"]',
      '.well-known/security.txt': 'Contact: planted',
      'assets/.hidden.js': 'planted',
      'assets/index-planted.js.map': '{"version":3}',
      'assets/index-planted.js.map.gz': 'planted',
      'app.js.map': '{"version":3}',
    }
    for (const [file, text] of Object.entries(planted)) {
      mkdirSync(path.dirname(path.join(deployment.html, file)), { recursive: true, mode: 0o755 })
      writeFileSync(path.join(deployment.html, file), text, { mode: 0o644 })
    }
    try {
      const paths = [...Object.keys(planted), '%2Eenv', '.git/', 'assets/%2Ehidden.js']
      for (const base of [deployment.root, deployment.subPath])
        for (const file of paths) {
          const response = await fetch(`${base}/${file}`, { redirect: 'manual' })
          expect(response.status, `${base}/${file}`).toBe(404)
          expect(await response.text(), `${base}/${file}`).not.toContain('planted')
          expect(response.headers.get('cache-control') ?? '', file).not.toContain('immutable')
          expect(response.headers.get('x-content-type-options'), file).toBe('nosniff')
        }
      // The same folder's real files are still served.
      expect((await fetch(`${deployment.root}/config.json`)).status).toBe(200)
      expect((await fetch(`${deployment.subPath}/config.json`)).status).toBe(200)
    } finally {
      for (const file of ['.env', '.git', '.well-known', 'app.js.map'])
        rmSync(path.join(deployment.html, file), { recursive: true, force: true })
      for (const file of ['.hidden.js', 'index-planted.js.map', 'index-planted.js.map.gz'])
        rmSync(path.join(deployment.html, 'assets', file), { force: true })
    }
  })

  test("only the build's own files and config.json are served: anything else in the folder is a 404, at the root and under a sub-path", async () => {
    // What lands beside a build by mistake: backups, keys, secrets, archives, compressed maps.
    const planted = [
      'config.json.bak',
      'config.json~',
      'index.html.orig',
      'id_rsa',
      'secrets.env',
      'backup.tar.gz',
      'backup.zip',
      'old/id_rsa',
      'old/secrets.env',
      'assets/x.js.map.br',
      'assets/index-planted.js.br',
      'assets/notes.txt',
      'assets/old/index-Df66nj9w.js',
    ]
    for (const file of planted) {
      mkdirSync(path.dirname(path.join(deployment.html, file)), { recursive: true, mode: 0o755 })
      writeFileSync(path.join(deployment.html, file), 'planted', { mode: 0o644 })
    }
    try {
      // And names with a dot the build does not hold, in the folder or not: a 404, not the page.
      const paths = [
        ...planted,
        'secrets%2Eenv',
        'config.json%7E',
        'favicon.ico',
        'favicon.svg.gz',
        'robots.txt.bak',
        'wp-login.php',
        'index.html.gz',
        'config.json.gz',
        'config.json/',
      ]
      for (const base of [deployment.root, deployment.subPath])
        for (const file of paths) {
          const url = `${base}/${file}`
          const response = await fetch(url, { redirect: 'manual' })
          expect(response.status, url).toBe(404)
          const body = await response.text()
          expect(body, url).not.toContain('planted')
          expect(body, url).not.toContain('<div id="root">')
          expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
          expect(response.headers.get('x-robots-tag'), url).toBe('noindex')
        }

      // Every file of the build is served, byte for byte (index.html is rewritten under a
      // sub-path); config.json too, and routes, deeper ones with a dot in an id among them.
      const built = readdirSync('dist', { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative('dist', path.join(entry.parentPath, entry.name)))
      expect(built.filter((f) => f.startsWith('assets/')).length).toBeGreaterThan(10)
      for (const base of [deployment.root, deployment.subPath]) {
        for (const file of built) {
          const response = await fetch(`${base}/${file}`, {
            headers: { 'accept-encoding': 'identity' },
          })
          expect(response.status, file).toBe(200)
          const body = Buffer.from(await response.arrayBuffer())
          if (file !== 'index.html')
            expect(body.equals(readFileSync(path.join('dist', file))), file).toBe(true)
        }
        expect((await fetch(`${base}/config.json`)).status).toBe(200)
        // public/'s files, by name: crawlers are asked to stay out, and nothing is kept a year.
        const robots = await fetch(`${base}/robots.txt`)
        expect(robots.headers.get('content-type')).toContain('text/plain')
        expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n')
        const icon = await fetch(`${base}/favicon.svg`)
        expect(icon.headers.get('content-type')).toBe('image/svg+xml')
        for (const response of [robots, icon]) {
          expect(response.headers.get('cache-control')).toBe('no-cache')
          expect(response.headers.get('x-robots-tag')).toBe('noindex')
        }
        for (const route of ['', 'events/42', 'events/mine/jane.doe', 'auths/A.1/edit', 'old']) {
          const response = await fetch(`${base}/${route}`)
          expect(response.status, route).toBe(200)
          expect(await response.text(), route).toContain('<div id="root"></div>')
        }
      }
    } finally {
      for (const file of planted) rmSync(path.join(deployment.html, file), { force: true })
      for (const dir of ['old', 'assets/old'])
        rmSync(path.join(deployment.html, dir), { recursive: true, force: true })
    }
  })

  test('signed out, a deep link leads through sign-in (against the service on another origin) to the page', async ({
    page,
  }) => {
    const refused = watchRefusals(page)
    const event = await firstEvent(deployment.service)
    await page.goto(`${deployment.root}/events/${event.event_ID}`)
    await expect(page).toHaveURL(`${deployment.root}/sign-in?next=%2Fevents%2F${event.event_ID}`)
    await signInHere(page)
    await expect(page).toHaveURL(`${deployment.root}/events/${event.event_ID}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(event.subject)
    expect(refused).toEqual([])
  })

  test('under a sub-path, assets, config.json and routes stay below it', async ({ page }) => {
    const refused = watchRefusals(page)
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    const event = await firstEvent(deployment.service)
    const base = deployment.subPath
    await page.goto(`${base}/events/${event.event_ID}`)
    await expect(page).toHaveURL(`${base}/sign-in?next=%2Fevents%2F${event.event_ID}`)
    await signInHere(page)
    await expect(page).toHaveURL(`${base}/events/${event.event_ID}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(event.subject)

    // Every file of the console came from below the sub-path; config.json was read there.
    const origin = new URL(base).origin
    const own = requested.filter((u) => u.startsWith(origin))
    expect(own.filter((u) => !u.startsWith(`${base}/`))).toEqual([])
    expect(own).toContain(`${base}/config.json`)
    expect(own.some((u) => u.startsWith(`${base}/assets/`))).toBe(true)

    // Links and navigation stay below it too.
    const list = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'List', exact: true })
    await expect(list).toHaveAttribute('href', '/console/events')
    await list.click()
    await expect(page).toHaveURL(`${base}/events`)
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
    await page.reload()
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
    expect(refused).toEqual([])
  })

  /** Takes a chunk of the build away, as a new build would, until `restore` is called. */
  function takeAway(pattern: RegExp) {
    const assets = path.join(deployment.html, 'assets')
    const chunk = readdirSync(assets).find((f) => pattern.test(f))
    expect(chunk).toBeTruthy()
    for (const name of [chunk!, `${chunk}.gz`])
      renameSync(path.join(assets, name), path.join(assets, `old-${name}`))
    return () => {
      for (const name of [chunk!, `${chunk}.gz`])
        renameSync(path.join(assets, `old-${name}`), path.join(assets, name))
    }
  }

  test('a tab open across a new build that removed its chunks says the console was updated', async ({
    page,
  }) => {
    await page.goto(`${deployment.root}/sign-in?next=/events`)
    await signInHere(page)
    // A page outside the navigation (its code is loaded when first opened); the new build has
    // other names, so its chunk of the old one is gone.
    const restore = takeAway(/^event-new-.*\.js$/)
    try {
      await page.getByRole('link', { name: 'New event' }).click()
      await expect(page.getByText('The console was updated')).toBeVisible()
      await expect(page.getByRole('button', { name: /reload|try again/i })).toBeVisible()
    } finally {
      restore()
    }
  })

  test('the pages of the navigation are loaded ahead: one opens after its chunk is gone', async ({
    page,
  }) => {
    const reference = page.waitForResponse((r) => /\/assets\/reference-[^/]*\.js$/.test(r.url()))
    await page.goto(`${deployment.root}/sign-in`)
    await signInHere(page)
    // Nothing opened it: the console loads it once idle after sign-in.
    expect((await reference).status()).toBe(200)
    const restore = takeAway(/^reference-.*\.js$/)
    try {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Lookup lists' })
        .click()
      await expect(page.getByRole('heading', { level: 1, name: 'Reference lists' })).toBeVisible()
      await expect(page.getByText('The console was updated')).toHaveCount(0)
    } finally {
      restore()
    }
  })
})

test.describe('deployed with the console server behind nginx (CONSOLE_SERVER_ORIGIN)', () => {
  let deployed: ServerDeployment
  test.beforeAll(async () => {
    // The server migrates its embedded database and signs in before it answers.
    test.setTimeout(120_000)
    deployed = await startServerDeployment()
  })
  test.afterAll(async () => {
    await deployed?.stop()
  })

  /** Signs in through nginx and the server's pass-through, as the sign-in page does. */
  async function signInThrough(origin = deployed.origin) {
    const response = await fetch(`${deployed.origin}/api/user-authentication`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`staff:${DEMO_PASSWORD}`)}`,
        'service-database': 'demo',
        origin,
      },
    })
    return response
  }

  test('signs in with no API key field and shows My events; every request stays on the origin', async ({
    page,
  }) => {
    const refused = watchRefusals(page)
    const requests: { url: string; key: string | null }[] = []
    page.on('request', (r) => {
      // Read at once: a promise still waiting when the test ends (a poll leaving as the page
      // closes) would fail the test on its own.
      requests.push({ url: r.url(), key: r.headers()['x-api-key'] ?? null })
    })
    await page.goto(`${deployed.origin}/sign-in`)
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByLabel('API key')).toHaveCount(0)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    await page.goto(`${deployed.origin}/events`)
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
    expect(refused).toEqual([])
    expect(requests.length).toBeGreaterThan(5)
    for (const request of requests) {
      expect(request.url.startsWith(`${deployed.origin}/`), request.url).toBe(true)
      expect(request.key, request.url).toBeNull()
    }
    expect(requests.some((r) => r.url.includes('/console-api/'))).toBe(true)
    expect(deployed.serverLog()).not.toContain(API_KEY)
  })

  test('the stream answers through nginx unbuffered: a change made on the service arrives', async () => {
    const signIn = await signInThrough()
    expect(signIn.status).toBe(200)
    const { data } = (await signIn.json()) as {
      data: { authenticationResult: { idToken: string } }
    }
    const token = data.authenticationResult.idToken
    const headers = { authorization: `Bearer ${token}`, 'service-database': 'demo' }

    const stream = await fetch(`${deployed.origin}/console-api/stream`, {
      headers,
      signal: AbortSignal.timeout(20_000),
    })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(stream.headers.get('cache-control')).toBe('no-store')
    // Not compressed (fetch asks for gzip): a compressor would hold messages back to fill a block.
    expect(stream.headers.get('content-encoding')).toBeNull()
    // nginx's headers, once each (the server's own copies are hidden).
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff')
    expect(stream.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let said = ''
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(said)) {
        const { value, done } = await reader.read()
        if (done) break
        said += decoder.decode(value, { stream: true })
      }
      return pattern.test(said)
    }
    // A buffering proxy would hold the first message back until more came.
    expect(await readUntil(/event: ready/)).toBe(true)

    // Written on the service itself, past the console and its server.
    const created = await fetch(`${deployed.service}/events`, {
      method: 'POST',
      headers: { ...headers, 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        claim_Audit_Event: false,
        process_Automation_Event: false,
        user_ID: 'staff',
        status: 'Open',
        priority: 'NORMAL',
        reminder: false,
        subject: `Made on the service ${Date.now()}`,
      }),
    })
    expect(created.status).toBe(200)
    const id = ((await created.json()) as { data: { event_ID: number } }).data.event_ID
    const written = Date.now()
    expect(await readUntil(new RegExp(`event: change\\ndata: [^\\n]*"id":"${id}"`))).toBe(true)
    expect(Date.now() - written).toBeLessThan(10_000)
    await reader.cancel()

    // The pass-through answers /api/ with no key from the caller, its headers set by nginx.
    const events = await fetch(`${deployed.origin}/api/events?pageSize=1`, { headers })
    expect(events.status).toBe(200)
    expect(events.headers.get('x-content-type-options')).toBe('nosniff')
    expect(events.headers.get('x-robots-tag')).toBe('noindex')
  })

  test('an audit entry altered in the database: the Audit page and npm run audit:verify both name it', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.goto(`${deployed.origin}/sign-in`)
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    const { event_ID } = await firstEvent(deployed.service)
    await page.goto(`${deployed.origin}/events/${event_ID}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto(`${deployed.origin}/admin/audit`)
    await expect(page.getByText('The audit chain is whole')).toBeVisible({ timeout: 20_000 })

    // Someone with the database's keys rewrites who read the event.
    await deployed.stopServer()
    let altered: number
    try {
      const db = await openEmbedded(deployed.dataDir)
      try {
        const { rows } = await db.query<{ id: number }>(
          `SELECT id::integer AS id FROM audit_log WHERE record_type = 'event' AND record_id = $1
           ORDER BY id LIMIT 1`,
          [String(event_ID)],
        )
        altered = rows[0]!.id
        await db.transaction(async (tx) => {
          await tx.exec('ALTER TABLE audit_log DISABLE TRIGGER USER')
          await tx.query(`UPDATE audit_log SET user_id = 'nobody' WHERE id = $1`, [altered])
          await tx.exec('ALTER TABLE audit_log ENABLE TRIGGER USER')
        })
      } finally {
        await db.close()
      }
      const verify = spawnSync(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'server/audit-verify.ts'],
        {
          env: { ...process.env, CONSOLE_DATA_DIR: deployed.dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      )
      expect(verify.status).toBe(1)
      expect(verify.stderr).toContain(`The audit chain is broken at entry ${altered}.`)
    } finally {
      await deployed.startServer()
    }
    // The session held across the server's restart.
    await page.goto(`${deployed.origin}/admin/audit`)
    await expect(page.getByRole('alert')).toContainText(
      `The audit chain is broken at entry ${altered}.`,
      { timeout: 20_000 },
    )
  })

  test('the service stops: the console reads on from the copy, says since when, keeps what was typed, and catches up', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const copies: string[] = []
    page.on('response', (r) => {
      if (r.headers()['x-served-from'] === 'mirror') copies.push(new URL(r.url()).pathname)
    })
    await page.goto(`${deployed.origin}/sign-in`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'My events' })).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'List', exact: true })
      .click()
    const firstRow = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first()
    await expect(firstRow).toBeVisible()
    const subject = (await firstRow.textContent())!.trim()

    await deployed.stopService()
    try {
      const banner = page
        .getByRole('status')
        .filter({ hasText: 'The service has not answered since' })
      await expect(banner).toBeVisible({ timeout: 40_000 })
      await expect(banner).toContainText(/since \d{1,2}:\d{2}/)
      // Reads go on: the event opens from the server's copy, said to be the copy.
      await firstRow.click()
      await expect(page.getByRole('heading', { level: 1 })).toContainText(subject)
      expect(copies.some((p) => /^\/api\/events\/\d+$/.test(p))).toBe(true)
      // A write says why it failed, and what was typed stays.
      await page.getByRole('link', { name: 'Edit' }).click()
      const field = page.getByLabel('Subject', { exact: true })
      await field.fill('Typed while the service was away')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(
        page.getByText('The service cannot be reached. Nothing was written'),
      ).toBeVisible()
      await expect(field).toHaveValue('Typed while the service was away')
    } finally {
      await deployed.startService()
    }
    // Back: the copy catches up by itself and the banner goes; the same save now goes through.
    await expect(
      page.getByRole('status').filter({ hasText: 'The service has not answered since' }),
    ).toBeHidden({ timeout: 40_000 })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Typed while the service was away',
    )
  })

  test('a request from another origin is refused; one from the console passes', async () => {
    // The browser names the page's origin: nginx keeps the Host (with its port) the server
    // compares it with.
    expect((await signInThrough()).status).toBe(200)
    const other = await signInThrough('https://elsewhere.example.org')
    expect(other.status).toBe(403)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const sameHostOtherPort = await signInThrough('http://127.0.0.1:1')
    expect(sameHostOtherPort.status).toBe(403)
    const health = await fetch(`${deployed.origin}/console-api/health`, {
      headers: { origin: 'https://elsewhere.example.org' },
    })
    expect(health.status).toBe(403)
  })

  test('the doctor passes the console server through nginx (npm run doctor -- --console-server)', async () => {
    const doctor = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/tsx/dist/cli.mjs'),
        'scripts/doctor/index.ts',
        '--url',
        deployed.service,
        '--database',
        'demo',
        '--console-server',
        `${deployed.origin}/console-api/`,
        '--origin',
        deployed.origin,
      ],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DOCTOR_API_KEY: API_KEY,
          DOCTOR_USERNAME: 'admin',
          DOCTOR_PASSWORD: DEMO_PASSWORD,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    const lines = doctor.stdout.split('\n')
    expect(
      lines.filter((l) => l.startsWith('FAIL')),
      doctor.stdout,
    ).toEqual([])
    expect(lines.filter((l) => l.startsWith('PASS  console-server: '))).toHaveLength(6)
    expect(doctor.status).toBe(0)
  })

  test("a body past the server's limit is refused by nginx; the console alone still has no proxy", async () => {
    const big = await fetch(`${deployed.origin}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(big.status).toBe(413)
    // The deployment without CONSOLE_SERVER_ORIGIN: /api/ is a route of the app, never proxied.
    const plain = await fetch(`${deployment.root}/api/events`)
    expect(plain.status).toBe(200)
    expect(await plain.text()).toContain('<div id="root"></div>')
    const console = await fetch(`${deployment.root}/console-api/health`)
    expect(await console.text()).toContain('<div id="root"></div>')
  })
})
