import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linesOf, runMain } from './testing'

/**
 * What stands between the doctor and a service can misbehave: a gateway that never answers,
 * one that sends a body without end, one that answers in plain text. Each is a clear FAIL (no
 * stack trace), and the doctor stops asking a service that does not answer.
 */
describe('doctor, against a misbehaving gateway', { timeout: 30_000 }, () => {
  const hanging: ServerResponse[] = []
  const server = createServer((req, res) => {
    const path = req.url ?? ''
    if (path.startsWith('/hang/')) hanging.push(res)
    else if (path.startsWith('/huge/')) {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = '{"data":"' + 'x'.repeat(1024 * 1024)
      for (let i = 0; i < 6; i++) res.write(chunk)
      res.end('"}')
    } else {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end('Bad gateway: upstream connect error')
    }
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const res of hanging) res.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const env = { DOCTOR_API_KEY: 'key', DOCTOR_USERNAME: 'admin', DOCTOR_PASSWORD: 'secret-pw' }
  const run = (prefix: string, extra: string[] = [], withEnv: Record<string, string> = env) =>
    runMain(['--url', `${base}/${prefix}/api`, '--database', 'demo', ...extra], withEnv)

  it('a request without an answer times out (AbortSignal.timeout): FAIL, exit 1', async () => {
    const result = await run('hang', ['--timeout', '0.3'])
    expect(result.code).toBe(1)
    expect(linesOf(result.stdout, 'FAIL')).toEqual([
      expect.stringMatching(
        /sign-in: POST \/user-authentication — .*got no complete answer within 0\.3 s$/,
      ),
    ])
  })

  it('stops after two timeouts in a row, skipping the rest with why', async () => {
    const started = Date.now()
    const result = await run('hang', ['--timeout', '0.3'], {
      DOCTOR_API_KEY: 'key',
      DOCTOR_TOKEN: 'opaque',
    })
    expect(result.code).toBe(1)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(result.stdout).toMatch(
      /FAIL {2}headers: the console's request headers — .*no complete answer/,
    )
    expect(result.stdout).toMatch(
      /SKIP {2}reads: all checks — skipped: the service could not be reached/,
    )
  })

  it('a body over 5 MB is not read past the cap: FAIL', async () => {
    const result = await run('huge')
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /FAIL {2}sign-in: .*got the answer \(HTTP 200\) is larger than 5 MB; reading stopped there/,
    )
  })

  it('a plain-text gateway error is described, not quoted', async () => {
    const result = await run('text')
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /FAIL {2}sign-in: .*got a body that is not JSON \(HTTP 502, text\/plain, \d+ B\)/,
    )
    expect(result.stdout).not.toContain('upstream connect error')
    expect(result.stdout + result.stderr).not.toContain('secret-pw')
  })
})
