import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestSandbox } from '../../sandbox/testing'
import { credentials, linesOf, ORIGIN, runMain, startService } from './testing'

/**
 * A service that redirects: the doctor sends the API key, the password and the token, so it
 * never follows a redirect to another origin (the secrets would go there) and says where it
 * pointed; a redirect within the service's own origin is followed, secrets re-sent only there.
 */

interface Caught {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function close(server: Server) {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

describe('doctor, against a service that redirects', { timeout: 30_000 }, () => {
  let sb: TestSandbox
  // The other origin: records whatever reaches it.
  const caught: Caught[] = []
  const elsewhere = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      caught.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"data":null}')
    })
  })
  let elsewhereOrigin = ''
  // The service: everything under /away/ goes to the other origin (307 keeps method and body);
  // /moved/ goes to /away/ on its own origin first; /old/api/ to /api/ on its own origin; /api/
  // is the sandbox.
  const service = createServer((req, res) => {
    const url = req.url ?? '/'
    const redirect = (location: string) => {
      res.writeHead(307, { location })
      res.end()
    }
    if (url.startsWith('/away/'))
      return redirect(`${elsewhereOrigin}${url}?from=doctor-redirect-marker`)
    if (url.startsWith('/moved/')) return redirect(url.replace('/moved/', '/away/'))
    if (url.startsWith('/old/')) return redirect(url.replace('/old/', '/'))
    if (url.startsWith('/see-other/')) {
      res.writeHead(303, { location: '/seen' })
      return res.end()
    }
    if (url === '/seen') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url, headers: req.headers, body })
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end('seen')
      })
      return
    }
    void forward(req.method ?? 'GET', url, req.headers, req).then(({ status, headers, body }) => {
      res.writeHead(status, headers)
      res.end(body)
    })
  })
  let serviceOrigin = ''
  const seen: Caught[] = []

  async function forward(
    method: string,
    url: string,
    incoming: IncomingHttpHeaders,
    body: AsyncIterable<Buffer>,
  ) {
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value)
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(chunk)
    const answer = await fetch(new URL(url, new URL(sb.baseUrl).origin), {
      method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    })
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding'].includes(name))
        out[name] = value
    })
    return { status: answer.status, headers: out, body: Buffer.from(await answer.arrayBuffer()) }
  }

  beforeAll(async () => {
    sb = await startService()
    elsewhereOrigin = await listen(elsewhere)
    serviceOrigin = await listen(service)
  })
  afterAll(async () => {
    await close(service)
    await close(elsewhere)
    await sb.close()
  })

  /** Nothing that reached the other origin carries a secret; nothing reached it at all. */
  function expectNoSecretElsewhere(secrets: string[]) {
    for (const request of caught) {
      expect(request.headers['x-api-key'], request.url).toBeUndefined()
      expect(request.headers.authorization, request.url).toBeUndefined()
      const raw = JSON.stringify(request)
      for (const secret of secrets) expect(raw, request.url).not.toContain(secret)
    }
    expect(caught).toEqual([])
  }

  it('does not follow a redirect to another origin with the password and API key, and names the origin', async () => {
    caught.length = 0
    const env = credentials(sb)
    const run = await runMain(['--url', `${serviceOrigin}/away/api`, '--database', 'demo'], env)
    expectNoSecretElsewhere([env.DOCTOR_API_KEY, env.DOCTOR_PASSWORD, btoa(`admin:`)])
    expect(run.code).toBe(1)
    const fails = linesOf(run.stdout, 'FAIL').join('\n')
    expect(fails).toContain(
      `FAIL  redirects: to another origin — expected answers from the service's own origin (${serviceOrigin}); got HTTP 307 to ${elsewhereOrigin}: not followed, so the API key, password and token were not sent there`,
    )
    expect(fails).toMatch(
      new RegExp(
        `FAIL {2}sign-in: POST /user-authentication — .*got redirected \\(HTTP 307\\) to another origin, ${elsewhereOrigin.replace(/\./g, '\\.')}: not followed`,
      ),
    )
    // The origin only: never the path or query it pointed to.
    expect(run.stdout).not.toContain('doctor-redirect-marker')
    expect(run.stdout).not.toContain(`${elsewhereOrigin}/`)
  })

  it('does not follow one with a token either, after a first redirect within the origin', async () => {
    caught.length = 0
    const { idToken } = await sb.signIn('staff')
    const env = { DOCTOR_API_KEY: sb.config.apiKey, DOCTOR_TOKEN: idToken }
    const run = await runMain(['--url', `${serviceOrigin}/moved/api`, '--database', 'demo'], env)
    expectNoSecretElsewhere([sb.config.apiKey, idToken])
    expect(run.code).toBe(1)
    expect(linesOf(run.stdout, 'FAIL').join('\n')).toContain(
      `redirects: to another origin — expected answers from the service's own origin (${serviceOrigin}); got HTTP 307 to ${elsewhereOrigin}`,
    )
    expect(run.stdout).toMatch(/FAIL {2}headers: the console's request headers — .*got redirected/)
  })

  it('follows a redirect within the service origin, re-sending the secrets there, with a WARN', async () => {
    caught.length = 0
    const env = credentials(sb)
    const run = await runMain(
      ['--url', `${serviceOrigin}/old/api`, '--database', 'demo', '--write'],
      env,
    )
    expect(linesOf(run.stdout, 'FAIL')).toEqual([])
    expect(run.code).toBe(0)
    expect(linesOf(run.stdout, 'WARN')).toContain(
      `WARN  redirects: within the service's origin — expected answers without a redirect; got HTTP 307 to another path of ${serviceOrigin}: followed, secrets re-sent to that origin only`,
    )
    expect(run.stdout).toMatch(/PASS {2}sign-in: POST \/user-authentication/)
    expect(run.stdout).toMatch(/PASS {2}write: create: POST \/events/)
    expect(caught).toEqual([])
  })

  it('after a 303 within the origin, a POST continues as a GET without its body, as in a browser', async () => {
    seen.length = 0
    const env = credentials(sb)
    const run = await runMain(
      ['--url', `${serviceOrigin}/see-other/api`, '--database', 'demo'],
      env,
    )
    expect(run.code).toBe(1)
    expect(seen.map((r) => r.method)).toEqual(['GET'])
    expect(seen[0]?.body).toBe('')
    expect(seen[0]?.headers['content-type']).toBeUndefined()
    // Still the service's origin: the secrets go along.
    expect(seen[0]?.headers['x-api-key']).toBe(env.DOCTOR_API_KEY)
    expect(run.stdout).toMatch(/WARN {2}redirects: within the service's origin — .*got HTTP 303/)
  })

  it('a redirected preflight fails CORS: browsers do not follow one', async () => {
    const run = await runMain(
      ['--url', `${serviceOrigin}/old/api`, '--database', 'demo', '--origin', ORIGIN],
      credentials(sb),
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /FAIL {2}cors: preflight OPTIONS for PUT — .*got HTTP 307; a redirect, which browsers do not follow for a preflight/,
    )
  })
})
