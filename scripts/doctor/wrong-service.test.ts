import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestSandbox } from '../../sandbox/testing'
import {
  credentials,
  firstAuthNumber,
  linesOf,
  ORIGIN,
  runMain,
  seededValues,
  startService,
  type Run,
} from './testing'
import { startWrongProxy } from './wrong-proxy'

/**
 * The doctor against a deliberately wrong service: the real sandbox behind a proxy that corrupts
 * its answers (`wrong-proxy.ts`). Each corruption is a FAIL naming the field or route.
 */
describe('doctor, against a wrong service', { timeout: 30_000 }, () => {
  let sb: TestSandbox
  let proxy: Awaited<ReturnType<typeof startWrongProxy>>
  let run: Run
  let fails: string
  let auth: string
  beforeAll(async () => {
    sb = await startService()
    proxy = await startWrongProxy(sb.baseUrl)
    auth = firstAuthNumber(sb)
    const args = ['--url', proxy.baseUrl, '--database', 'demo', '--origin', ORIGIN, '--auth', auth]
    run = await runMain(args, credentials(sb))
    fails = linesOf(run.stdout, 'FAIL').join('\n')
  })
  afterAll(async () => {
    await proxy.close()
    await sb.close()
  })

  /** The FAIL line of a check and the detail lines beneath it. */
  const failOf = (name: string) => {
    const lines = run.stdout.split('\n')
    const at = lines.findIndex((line) => line.startsWith('FAIL ') && line.includes(name))
    if (at < 0) return ''
    const end = lines.findIndex((line, i) => i > at && !line.startsWith('        '))
    return lines.slice(at, end).join('\n')
  }

  it('exits 1 and says the console would not work', () => {
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('The console would NOT work with this service')
  })

  it('names a renamed required field, and the unknown name it came under', () => {
    const detail = failOf('reads: GET /events/{id} ')
    expect(detail).toContain('data.event_ID: expected an integer, got missing')
    expect(detail).toContain('unknown fields (kept by the console): data.eventId')
  })

  it('names a boolean sent as text and dates in another format, on the list', () => {
    const detail = failOf('reads: GET /events?page=1')
    expect(detail).toMatch(/data\[\]\.reminder: expected a boolean, got text \(\d+ of \d+\)/)
    expect(detail).toMatch(
      /data\[\]\.due_Date: expected a date such as 2026-03-14T09:30:00, got text shaped "99\/99\/9999"/,
    )
    expect(failOf('dates: date formats')).toMatch(
      /due_Date: \d+ not a date the console can read \(text shaped "99\/99\/9999"\)/,
    )
  })

  it('names the route that drops the envelope', () => {
    expect(fails).toMatch(
      /FAIL {2}reads: GET \/priorities — .*got JSON \(HTTP 200.*\): a bare array, not the envelope/,
    )
  })

  it('notices pageSize ignored', () => {
    expect(fails).toMatch(/FAIL {2}paging: pageSize=5 — .*got 25 events: pageSize is not honoured/)
  })

  it('notices a 404 answered by an HTML page', () => {
    expect(fails).toMatch(
      /FAIL {2}problems: GET \/events\/\{a missing id\} — .*got an HTML page \(HTTP 404, text\/html/,
    )
  })

  it('notices missing CORS headers, on preflights and on answers', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
      expect(fails).toMatch(
        new RegExp(
          `FAIL {2}cors: preflight OPTIONS for ${method} — .*got HTTP 204; no Access-Control-Allow-Origin;`,
        ),
      )
    expect(fails).toMatch(
      /FAIL {2}cors: actual answer to GET \/events — .*no Access-Control-Allow-Origin/,
    )
    expect(fails).toMatch(
      /FAIL {2}cors: actual answer to a 401 answer — .*no Access-Control-Allow-Origin/,
    )
  })

  it('never prints a value of the seeded data', async () => {
    for (const value of await seededValues(sb, auth)) expect(run.stdout).not.toContain(value)
  })

  it('deletes its test event even when a step fails', async () => {
    const failing = await startWrongProxy(sb.baseUrl, { failFirstDelete: true })
    try {
      const write = await runMain(
        ['--url', failing.baseUrl, '--database', 'demo', '--write'],
        credentials(sb),
      )
      expect(write.code).toBe(1)
      expect(write.stdout).toMatch(
        /FAIL {2}write: delete: DELETE \/events\/\{id\} — .*got an HTML page \(HTTP 502/,
      )
      const cleanUp =
        /PASS {2}write: clean-up: DELETE \/events\/\{id\} — .*got test event (\d+) deleted/.exec(
          write.stdout,
        )
      expect(cleanUp).not.toBeNull()
      const { idToken } = await sb.signIn('staff')
      expect((await sb.call('GET', `/events/${cleanUp?.[1]}`, { token: idToken })).status).toBe(404)
    } finally {
      await failing.close()
    }
  })
})
