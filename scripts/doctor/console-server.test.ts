import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../sandbox/identity/users'
import { createConsoleServer, listen, type ConsoleServer } from '../../server/server'
import {
  openTestStorage,
  startService,
  type TestService,
  type TestStorage,
} from '../../server/testing'
import { linesOf, runMain } from './testing'

/**
 * The doctor against a real console server (server/) in front of a real sandbox: its health, its
 * stream, the pass-through and its Origin rule, and what it says when a proxy in front gets the
 * Host wrong.
 */
describe('doctor, with --console-server', { timeout: 60_000 }, () => {
  let service: TestService
  let storage: TestStorage
  let server: ConsoleServer
  let http: Awaited<ReturnType<typeof listen>>
  let env: Record<string, string>
  let args: string[]
  beforeAll(async () => {
    service = await startService({}, { user: 'console-server' })
    storage = await openTestStorage('embedded')
    server = await createConsoleServer(service.config, { storage: storage.storage })
    http = await listen(server, 0)
    env = {
      DOCTOR_API_KEY: service.config.serviceApiKey,
      DOCTOR_USERNAME: 'admin',
      DOCTOR_PASSWORD: DEMO_PASSWORD,
    }
    args = ['--url', service.sandbox.baseUrl, '--database', 'demo']
    // Migrations on embedded Postgres take a while on a busy machine.
  }, 60_000)
  afterAll(async () => {
    await http?.close()
    await server?.close()
    await storage?.close()
    await service?.close()
  })

  it('passes its health, stream, pass-through and origin checks; CORS is not needed', async () => {
    const run = await runMain(
      [...args, '--console-server', `${http.baseUrl}/console-api/`, '--origin', http.baseUrl],
      env,
    )
    expect(linesOf(run.stdout, 'FAIL')).toEqual([])
    expect(run.code).toBe(0)
    const passed = linesOf(run.stdout, 'PASS').filter((l) => l.includes('console-server: '))
    expect(passed.map((l) => /console-server: (.*?) —/.exec(l)?.[1])).toEqual([
      'GET <consoleServer>health',
      'GET <consoleServer>health without a token',
      'GET <consoleServer>stream',
      'GET /api/priorities through the server, no API key sent',
      'its own origin taken (no CORS needed)',
      'another origin refused',
    ])
    expect(run.stdout).toMatch(/PASS {2}console-server: GET <consoleServer>stream — .*"ready"/)
    expect(run.stdout).toMatch(
      /SKIP {2}cors: CORS — skipped: the console reaches the service through its server/,
    )
    expect(run.stdout).not.toContain(env.DOCTOR_PASSWORD)
    expect(run.stdout).not.toContain(env.DOCTOR_API_KEY)
  })

  it('takes the address without its last slash too, and says so when the console is elsewhere', async () => {
    const run = await runMain(
      [
        ...args,
        '--console-server',
        `${http.baseUrl}/console-api`,
        '--origin',
        'https://console.example.org',
      ],
      env,
    )
    expect(run.code).toBe(1)
    expect(linesOf(run.stdout, 'FAIL')).toEqual([
      expect.stringMatching(
        /^FAIL {2}console-server: the console's origin — .*the console at https:\/\/console\.example\.org$/,
      ),
    ])
    expect(run.stdout).toContain('serve the console and the server behind one origin')
  })

  it('fails where the address is not a console server (the service itself)', async () => {
    const run = await runMain(
      [...args, '--console-server', `${new URL(service.sandbox.baseUrl).origin}/console-api/`],
      env,
    )
    expect(run.code).toBe(1)
    expect(linesOf(run.stdout, 'FAIL')).toEqual([
      expect.stringMatching(/^FAIL {2}console-server: GET <consoleServer>health — /),
    ])
    expect(run.stdout).toContain(
      'is --console-server the address config.json names as consoleServer',
    )
  })

  it('names the Host header when a proxy in front drops its port (as nginx $host would)', async () => {
    const proxy = await hostRewritingProxy(http.port)
    try {
      const run = await runMain([...args, '--console-server', `${proxy.origin}/console-api/`], env)
      expect(run.code).toBe(1)
      expect(linesOf(run.stdout, 'FAIL')).toEqual([
        expect.stringMatching(
          /^FAIL {2}console-server: its own origin taken \(no CORS needed\) — .*HTTP 403: refused as another site$/,
        ),
      ])
      expect(run.stdout).toContain('proxy_set_header Host $http_host')
      // Everything else passes through it, the stream included.
      expect(run.stdout).toMatch(/PASS {2}console-server: GET <consoleServer>stream/)
    } finally {
      await proxy.close()
    }
  })

  it('refuses a --console-server that is not an http(s) URL (exit 2)', async () => {
    for (const bad of [
      'console-api/',
      'ftp://host/console-api/',
      'https://u:p@host/console-api/',
    ]) {
      const run = await runMain([...args, '--console-server', bad], env)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('--console-server must be an http(s) URL')
    }
  })
})

/** A proxy in front of the server that sends it the Host without the port. */
async function hostRewritingProxy(port: number) {
  const proxy: Server = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port: own } = proxy.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${own}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      }),
  }
}
