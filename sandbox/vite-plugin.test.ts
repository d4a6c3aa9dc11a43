import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  build,
  createServer,
  preview,
  type Plugin,
  type PreviewServer,
  type ViteDevServer,
} from 'vite'
import { securityHeaders } from '../security-headers'
import { DEMO_PASSWORD } from './identity/users'
import { sandboxPlugin } from './vite-plugin'

/*
 * The dev server (`npm start`) and the preview server (`npm run preview`, which the e2e tests
 * run) with this repository's own vite.config.ts, over real ports: they serve the sandbox's
 * config.json that the production build leaves out, and the sandbox at /api answers no other
 * origin than their own.
 */
const work = mkdtempSync(path.join(tmpdir(), 'vite-servers-'))
const configFile = path.resolve('vite.config.ts')

type Served = { name: 'dev' | 'preview'; origin: string; close(): Promise<void> }
const servers: Served[] = []
let dev: ViteDevServer | undefined

function originOf(server: ViteDevServer | PreviewServer): string {
  const { port } = server.httpServer!.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

beforeAll(async () => {
  // The mounted sandbox reads its settings when it first answers.
  // Each server a data folder of its own, as two `npm start`s in two checkouts have: the
  // embedded database is refused a second open of one folder.
  const startIn = async (origin: string, folder: string) => {
    process.env.SANDBOX_DATA_DIR = path.join(work, folder)
    expect((await fetch(`${origin}/api/`)).status).toBeLessThan(500)
  }
  process.env.SANDBOX_EVENTS = '20'
  const listen = { port: 0, host: '127.0.0.1', strictPort: false }

  const started = await createServer({ configFile, logLevel: 'silent', server: listen })
  dev = started
  await started.listen()
  servers.push({ name: 'dev', origin: originOf(started), close: () => started.close() })
  await startIn(originOf(started), 'data-dev')

  // The preview server serves a build; one page is enough for what is tested here.
  const outDir = path.join(work, 'dist')
  mkdirSync(outDir)
  copyFileSync('index.html', path.join(outDir, 'index.html'))
  mkdirSync(path.join(outDir, 'assets'))
  writeFileSync(path.join(outDir, 'assets', 'page-Ab3_d-9Z.js'), 'export {}\n')
  writeFileSync(path.join(outDir, 'assets', 'unhashed.js'), 'export {}\n')
  const served = await preview({
    configFile,
    logLevel: 'silent',
    build: { outDir },
    preview: listen,
  })
  servers.push({ name: 'preview', origin: originOf(served), close: () => served.close() })
  await startIn(originOf(served), 'data-preview')
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  rmSync(work, { recursive: true, force: true })
})

/** A sign-in from the console's own page at `origin`, as a browser sends it. */
const signInAt = (origin: string) =>
  fetch(`${origin}/api/user-authentication`, {
    method: 'POST',
    headers: {
      origin,
      authorization: `Basic ${btoa(`staff:${DEMO_PASSWORD}`)}`,
      'x-api-key': process.env.SANDBOX_API_KEY || 'sandbox-key',
      'service-database': 'demo',
    },
  })

const each = (fn: (server: Served) => Promise<void>) => async () => {
  expect(servers.map((s) => s.name)).toEqual(['dev', 'preview'])
  for (const server of servers) await fn(server)
}

describe('the dev and preview servers', { timeout: 60_000 }, () => {
  it(
    "serve the sandbox's config.json, never cached",
    each(async ({ name, origin }) => {
      const response = await fetch(`${origin}/config.json`)
      expect(response.status, name).toBe(200)
      expect(response.headers.get('content-type'), name).toContain('application/json')
      expect(response.headers.get('cache-control'), name).toBe('no-store')
      const config = (await response.json()) as { serviceUrl: string; sandbox: boolean }
      expect(config, name).toMatchObject({ serviceUrl: '/api', sandbox: true })
    }),
  )

  it("keeps the build's hashed files for a year as a deployment does, and revalidates the rest", async () => {
    const preview = servers.find((s) => s.name === 'preview')!
    const hashed = await fetch(`${preview.origin}/assets/page-Ab3_d-9Z.js`)
    expect(hashed.status).toBe(200)
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    for (const other of ['/assets/unhashed.js', '/'])
      expect(
        (await fetch(`${preview.origin}${other}`)).headers.get('cache-control'),
        other,
      ).not.toContain('immutable')
  })

  it(
    'send the headers of security-headers.ts, Cross-Origin-Opener-Policy among them',
    each(async ({ name, origin }) => {
      const response = await fetch(`${origin}/`)
      expect(response.status, name).toBe(200)
      const expected = securityHeaders(name)
      for (const [header, value] of Object.entries(expected))
        expect(response.headers.get(header), `${name}: ${header}`).toBe(value)
      expect(response.headers.get('cross-origin-opener-policy'), name).toBe('same-origin')
    }),
  )

  it(
    'let no other origin read /api, not even another local port; their own origin signs in',
    each(async ({ name, origin }) => {
      const others = [
        'http://localhost:4173',
        'http://127.0.0.1:5173',
        `http://localhost:${new URL(origin).port}`,
        'http://127.0.0.1:1',
        'https://console.example.org',
      ]
      for (const other of others) {
        const what = `${name}, from ${other}`
        const preflight = await fetch(`${origin}/api/events`, {
          method: 'OPTIONS',
          headers: {
            origin: other,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'authorization,x-api-key,service-database',
          },
        })
        expect(preflight.headers.get('access-control-allow-origin'), what).toBeNull()
        const read = await fetch(`${origin}/api/events`, { headers: { origin: other } })
        // Refused by the console server (another site), or by the sandbox (no API key).
        expect(read.status, what).toBe(403)
        expect(await read.text(), what).not.toContain('"event_ID"')
        expect(read.headers.get('access-control-allow-origin'), what).toBeNull()
      }
      // What a browser sends from the console's own page: the same origin needs no CORS.
      expect((await signInAt(origin)).status, name).toBe(200)
    }),
  )

  it('a restarted dev server (`r` in npm start) serves the sandbox again from its data folder', async () => {
    process.env.SANDBOX_DATA_DIR = path.join(work, 'data-dev')
    await dev!.restart()
    const origin = originOf(dev!)
    servers[0] = { name: 'dev', origin, close: () => dev!.close() }
    // The console server of the server before is closed with it, so the new one opens the same
    // data folder: its first answers are the service's, not a 503.
    expect((await signInAt(origin)).status).toBe(200)
  })
})

describe('the production build', () => {
  it('has no config.json, and refuses to write one', { timeout: 60_000 }, async () => {
    const root = path.join(work, 'app')
    mkdirSync(root, { recursive: true })
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>')
    // Another plugin's output: found once the build is written.
    const emitsConfig: Plugin = {
      name: 'emits-config',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'config.json', source: '{"sandbox":true}' })
      },
    }
    const outDir = path.join(root, 'dist')
    await expect(
      build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [emitsConfig, sandboxPlugin()],
      }),
    ).rejects.toThrow(/the build must not hold a config\.json/)
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true)
  })

  it(
    "refuses a config.json in public/ with this repository's own config, before building",
    { timeout: 60_000 },
    async () => {
      // The project's public/ as it is, with a config.json beside its files.
      const publicDir = path.join(work, 'public')
      cpSync('public', publicDir, { recursive: true })
      writeFileSync(path.join(publicDir, 'config.json'), '{"sandbox":true}')
      const outDir = path.join(work, 'refused-dist')
      await expect(
        build({ configFile, logLevel: 'silent', publicDir, build: { outDir } }),
      ).rejects.toThrow(/public\/ is copied into the build.*config\.json/)
      expect(existsSync(outDir)).toBe(false)
    },
  )
})
