import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from './main'
import { linesOf, runMain, runProcess, type Run } from './testing'

/**
 * A hostile service: whatever the report quotes (a problem's title, a content type, a field
 * name, the token's roles) carries terminal escape sequences (CSI, OSC that sets the window
 * title or writes a hyperlink), BEL, carriage returns and newlines, C1 controls and bidi
 * overrides, and echoes the API key and password it was sent, as they are, percent-encoded,
 * JSON-escaped and as the HTTP Basic credentials. The doctor still says what failed, but prints
 * none of it raw and neither secret.
 */

const API_KEY = 'hostile-key/7f3+Q&z=9'
const USERNAME = 'admin'
const PASSWORD = 'pa"ss\\wörd 2026'
const env = { DOCTOR_API_KEY: API_KEY, DOCTOR_USERNAME: USERNAME, DOCTOR_PASSWORD: PASSWORD }

const BASIC = Buffer.from(`${USERNAME}:${PASSWORD}`, 'utf8').toString('base64')
/** Percent-encoded with lower-case hex digits (encodeURIComponent writes upper case). */
const lowerPercent = (text: string) =>
  encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())
/** Every form of the secrets the service sends back; none may be printed. */
const LEAKS = [
  API_KEY,
  PASSWORD,
  encodeURIComponent(API_KEY),
  lowerPercent(API_KEY),
  encodeURIComponent(PASSWORD),
  JSON.stringify(PASSWORD).slice(1, -1),
  JSON.stringify(API_KEY).slice(1, -1),
  BASIC,
]

const CSI = '\x1b[2J\x1b[31m'
const OSC_TITLE = '\x1b]0;pwned\x07'
const OSC_LINK = '\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\'

/** Problem titles (each at most 80 characters, so that the report quotes it). */
const TITLES = [
  `[t1]${OSC_TITLE}${CSI}\r${API_KEY}\u202e${PASSWORD}\x9b2J\nPASS  forged`,
  `[t2]${OSC_LINK}\u2066${encodeURIComponent(PASSWORD)}\u2069\x07`,
  `[t3]\x9d0;x\x9c${BASIC}\u202d\x00\x7f\x85${lowerPercent(API_KEY)}`,
]

/**
 * The first character a terminal would act on rather than show, if any: C0 controls but the
 * newline, DEL, C1 controls, bidi marks, embeddings, overrides and isolates, zero-width and
 * separator characters, half a surrogate pair.
 */
function unsafeIn(text: string): string | undefined {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0
    const unsafe =
      (c < 0x20 && c !== 0x0a) ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x061c ||
      (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2060 && c <= 0x2069) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0xfeff ||
      (c >= 0xd800 && c <= 0xdfff)
    if (unsafe) return `U+${c.toString(16).padStart(4, '0')}`
  }
  return undefined
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const TOKEN = [
  base64url({ alg: 'none', typ: 'JWT' }),
  base64url({
    sub: USERNAME,
    exp: Math.floor(Date.now() / 1000) + 3600,
    roles: [`${OSC_TITLE}Admin`, PASSWORD, `\u202eevil\u202c`, OSC_LINK, lowerPercent(API_KEY)],
  }),
  'signature',
].join('.')

let titles = 0

function answer(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const problem = (status: number, title: string) =>
    json(status, {
      data: null,
      error: {
        title,
        status,
        detail: `${CSI}you sent x-api-key ${API_KEY} and ${req.headers.authorization ?? ''}`,
      },
    })
  // /refuse/api: sign-in is refused with a hostile problem.
  if (path.startsWith('/refuse/')) return problem(401, TITLES[0] ?? '')
  if (path.endsWith('/user-authentication'))
    return json(200, {
      data: {
        challengeName: null,
        session: null,
        authenticationResult: { idToken: TOKEN, refreshToken: 'r', expiresIn: 3600 },
      },
    })
  if (path.endsWith('/events'))
    return json(200, {
      data: [
        {
          event_ID: 1,
          [`${OSC_TITLE}k`]: 1,
          [`\u202e${API_KEY}`]: 2,
          [`x\r\nPASS  forged field`]: 3,
        },
      ],
    })
  if (path.endsWith('/priorities')) {
    // A C1 control (as a latin1 byte) and the API key, percent-encoded, in the content type.
    res.writeHead(200, { 'content-type': `\x9b31m${lowerPercent(API_KEY)}/x; charset=utf-8` })
    return res.end('not JSON')
  }
  problem(404, TITLES[titles++ % TITLES.length] ?? '')
}

function expectSafe(run: Run) {
  for (const [name, text] of [
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ] as const) {
    expect(unsafeIn(text), `${name} has an unsafe character`).toBeUndefined()
    for (const leak of LEAKS) expect(text, `${name} leaks ${leak}`).not.toContain(leak)
  }
}

describe('doctor, against a hostile service', { timeout: 30_000 }, () => {
  const server = createServer(answer)
  let base = ''
  beforeAll(async () => {
    for (const title of TITLES) expect(title.length).toBeLessThanOrEqual(80)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('prints no escape sequence and no secret, and still says what failed', async () => {
    const run = await runMain(['--url', `${base}/api`, '--database', 'demo'], env)
    expectSafe(run)
    expect(run.code).toBe(1)
    const fails = linesOf(run.stdout, 'FAIL').join('\n')
    // The content type, its C1 control shown and the percent-encoded key masked.
    expect(fails).toContain('FAIL  reads: GET /priorities')
    expect(fails).toContain('a body that is not JSON (HTTP 200, \\u009b31m•••/x,')
    // Problem titles, each escape shown as text and each secret masked.
    expect(fails).toContain(
      'HTTP 404 (problem: "[t1]\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31m\\u000d•••\\u202e•••\\u009b2J\\u000aPASS  forged")',
    )
    expect(fails).toContain('[t2]\\u001b]8;;https://evil.example/\\u001b\\click')
    expect(fails).toContain('[t3]\\u009d0;x\\u009c•••\\u202d\\u0000\\u007f\\u0085•••")')
    // Field names and the token's roles.
    expect(run.stdout).toContain('data[].\\u001b]0;pwned\\u0007k')
    expect(run.stdout).toContain('data[].\\u202e•••')
    expect(run.stdout).toContain('roles: \\u001b]0;pwned\\u0007Admin, •••, \\u202eevil\\u202c')
    // A newline in a quoted value does not start a line of its own.
    expect(run.stdout).not.toMatch(/^PASS {2}forged/m)
    expect(run.stdout).toContain('The console would NOT work with this service')
  })

  it('says a refused sign-in failed, with the hostile title made harmless', async () => {
    const run = await runMain(['--url', `${base}/refuse/api`, '--database', 'demo'], env)
    expectSafe(run)
    expect(run.code).toBe(1)
    expect(linesOf(run.stdout, 'FAIL')).toEqual([
      expect.stringMatching(
        /^FAIL {2}sign-in: POST \/user-authentication — .*got HTTP 401 \(problem: "\[t1\]\\u001b\]0;pwned\\u0007.*•••\\u202e•••/,
      ),
    ])
  })

  it('keeps --json valid JSON, the escapes and secrets gone from it too', async () => {
    const run = await runMain(['--url', `${base}/api`, '--database', 'demo', '--json'], env)
    expectSafe(run)
    const report = JSON.parse(run.stdout) as {
      checks: { name: string; outcome: string; got: string }[]
    }
    const priorities = report.checks.find((c) => c.name === 'GET /priorities')
    expect(priorities?.outcome).toBe('FAIL')
    // Parsed, a control comes back as the character it was (JSON escaped it as \u009b): what
    // the doctor printed was text.
    expect(priorities?.got).toContain('\x9b31m•••/x')
    expect(report.checks.some((c) => c.got.includes('[t1]') && c.got.includes('•••'))).toBe(true)
  })

  it('as a real process: nothing unsafe on stdout or stderr', async () => {
    const run = await runProcess(['--url', `${base}/api`, '--database', 'demo'], env)
    expectSafe(run)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('FAIL  reads: GET /priorities')
    expect(run.code).toBe(1)
  })

  it("prints an internal error's message (DOCTOR_DEBUG) through the same filter", async () => {
    let stderr = ''
    const code = await main(['--url', `${base}/api`, '--database', 'demo'], {
      env: { ...env, DOCTOR_DEBUG: '1' },
      stdout: {
        write() {
          throw new Error(`${OSC_TITLE}${CSI}could not write for ${API_KEY}\u202e ${PASSWORD}`)
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      terminal: { input: new PassThrough(), output: new PassThrough() },
    })
    expectSafe({ code, stdout: '', stderr })
    expect(code).toBe(1)
    expect(stderr).toContain('doctor: internal error (Error)')
    expect(stderr).toContain(
      'Error: \\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31mcould not write for •••\\u202e •••',
    )
  })
})
