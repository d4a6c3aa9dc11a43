import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from './identity/users'
import { sandboxPlugin } from './vite-plugin'

/*
 * The sandbox as `npm start` serves it: mounted at /api of a real Vite dev server, over its port.
 */

let server: ViteDevServer
let dataDir: string
let port: number
const saved = { ...process.env }

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-vite-'))
  Object.assign(process.env, { SANDBOX_DATA_DIR: dataDir, SANDBOX_EVENTS: '50' })
  server = await createServer({
    configFile: false,
    root: dataDir,
    logLevel: 'silent',
    plugins: [sandboxPlugin()],
    server: { host: '127.0.0.1', port: 0, ws: false },
  })
  await server.listen()
  port = (server.httpServer!.address() as AddressInfo).port
})

afterAll(async () => {
  await server.close()
  process.env = saved
  rmSync(dataDir, { recursive: true, force: true })
})

/** A sign-in whose socket is bound to the loopback address `from`; resolves to the status. */
function signInFrom(from: string, username: string, password: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user-authentication',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
          'x-api-key': 'sandbox-key',
          'service-database': 'demo',
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the sandbox in the Vite server', () => {
  // The first request starts the console server in front of the sandbox (its embedded Postgres).
  it('counts failed sign-ins per client address', { timeout: 60_000 }, async () => {
    for (let i = 0; i < 20; i++)
      expect(await signInFrom('127.0.0.2', `nobody${i}`, 'wrong')).toBe(401)
    expect(await signInFrom('127.0.0.2', 'admin', DEMO_PASSWORD)).toBe(429)
    expect(await signInFrom('127.0.0.3', 'admin', DEMO_PASSWORD)).toBe(200)
  })
})
