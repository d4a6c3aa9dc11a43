import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { preview, type PreviewServer } from 'vite'
import { configFromEnv } from './config'
import { DEMO_PASSWORD } from './identity/users'
import { startServer } from './server'

/*
 * With SANDBOX_SERVICE_URL the preview server's console server reads a sandbox already serving
 * in a process of its own (the browser benchmarks run one, as a deployment's service runs
 * apart), and the plugin makes no sandbox of its own.
 */
const work = mkdtempSync(path.join(tmpdir(), 'vite-apart-'))
let service: Awaited<ReturnType<typeof startServer>>
let served: PreviewServer

beforeAll(async () => {
  service = await startServer({
    ...configFromEnv({}),
    dataDir: path.join(work, 'service'),
    databases: ['demo'],
    events: 7,
  })
  process.env.SANDBOX_SERVICE_URL = service.baseUrl
  process.env.SANDBOX_DATA_DIR = path.join(work, 'plugin')
  process.env.SANDBOX_DATABASES = 'demo'
  const outDir = path.join(work, 'dist')
  mkdirSync(outDir)
  copyFileSync('index.html', path.join(outDir, 'index.html'))
  served = await preview({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  })
}, 60_000)

afterAll(async () => {
  delete process.env.SANDBOX_SERVICE_URL
  // The plugin's console server reads the service until the process ends: its connections are
  // ended rather than waited for.
  ;(served?.httpServer as Server | undefined)?.closeAllConnections()
  await served?.close()
  ;(service?.server as Server | undefined)?.closeAllConnections()
  await service?.close()
  rmSync(work, { recursive: true, force: true })
}, 60_000)

it('reads the sandbox serving apart, and makes none of its own', { timeout: 60_000 }, async () => {
  const { port } = served.httpServer.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const headers = {
    origin,
    'x-api-key': process.env.SANDBOX_API_KEY || 'sandbox-key',
    'service-database': 'demo',
  }
  const signIn = await fetch(`${origin}/api/user-authentication`, {
    method: 'POST',
    headers: { ...headers, authorization: `Basic ${btoa(`staff:${DEMO_PASSWORD}`)}` },
  })
  expect(signIn.status).toBe(200)
  const { data } = (await signIn.json()) as { data: { authenticationResult: { idToken: string } } }
  const token = data.authenticationResult.idToken
  const events = await fetch(`${origin}/api/events?page=1&pageSize=100`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  })
  expect(events.status).toBe(200)
  // The service apart holds 7 events; a sandbox the plugin made would hold its default 5,000.
  expect(((await events.json()) as { data: unknown[] }).data).toHaveLength(7)
  // The plugin's folder holds the console server's data only, no sandbox database.
  const plugin = path.join(work, 'plugin')
  expect(existsSync(plugin) ? readdirSync(plugin) : []).not.toContainEqual(
    expect.stringMatching(/\.(db|sqlite)/),
  )
})
