import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestSandbox } from '../../sandbox/testing'
import {
  credentials,
  firstAuthNumber,
  linesOf,
  ORIGIN,
  runMain,
  runProcess,
  seededValues,
  startService,
} from './testing'

/** The doctor against a correct service: the real sandbox on a loopback port. */
describe('doctor, against a correct service', { timeout: 30_000 }, () => {
  let sb: TestSandbox
  let env: Record<string, string>
  let args: string[]
  beforeAll(async () => {
    sb = await startService()
    env = credentials(sb)
    args = ['--url', sb.baseUrl, '--database', 'demo']
  })
  afterAll(() => sb.close())

  it('passes every check (CORS and auths included), exits 0 and names no value of the data', async () => {
    const auth = firstAuthNumber(sb)
    const run = await runMain([...args, '--origin', ORIGIN, '--auth', auth], env)
    expect(linesOf(run.stdout, 'FAIL')).toEqual([])
    expect(run.code).toBe(0)
    for (const check of ['sign-in: ID token', 'cors: preflight OPTIONS for PUT', 'dates:'])
      expect(linesOf(run.stdout, 'PASS').join('\n')).toContain(check)
    expect(run.stdout).toMatch(/PASS {2}reads: GET \/auths-vba\/\{authNumber\}/)
    expect(run.stdout).toMatch(/PASS {2}paging: page 2 continues page 1/)
    expect(run.stdout).toMatch(/PASS {2}problems: GET \/events\/\{a missing id\}/)
    expect(run.stdout).toContain('0 FAIL')

    const seeded = await seededValues(sb, auth)
    expect(seeded.length).toBeGreaterThan(20)
    for (const value of seeded) expect(run.stdout).not.toContain(value)
    expect(run.stdout).not.toContain(env.DOCTOR_PASSWORD)
    expect(run.stdout).not.toContain(env.DOCTOR_API_KEY)
  })

  it('skips CORS without --origin and auths without --auth, saying why, in JSON', async () => {
    const run = await runMain([...args, '--json'], env)
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout) as {
      checks: { group: string; name: string; outcome: string; got: string }[]
      summary: { FAIL: number; consoleWouldWork: boolean }
    }
    expect(report.summary).toMatchObject({ FAIL: 0, consoleWouldWork: true })
    const skipped = report.checks.filter((c) => c.outcome === 'SKIP')
    expect(skipped.map((c) => c.group)).toEqual([
      'cors',
      'reads',
      'reads',
      'console-server',
      'write',
    ])
    expect(skipped[0]?.got).toContain('no --origin given')
    expect(skipped[1]?.got).toContain('no --auth NUMBER given')
  })

  it('with --write creates, edits, snoozes and deletes its event, which is gone afterwards', async () => {
    const run = await runMain([...args, '--write'], env)
    expect(run.code).toBe(0)
    const write = linesOf(run.stdout, 'PASS').filter((line) => line.includes('write: '))
    expect(write.map((line) => /write: (\w[\w-]*)/.exec(line)?.[1])).toEqual([
      'create',
      'read',
      'edit',
      'snooze',
      'delete',
      'gone',
    ])
    const id = Number(
      /test event (\d+): "\[doctor\] test event .* — safe to delete"/.exec(run.stdout)?.[1],
    )
    expect(id).toBeGreaterThan(0)
    const { idToken } = await sb.signIn('staff')
    expect((await sb.call('GET', `/events/${id}`, { token: idToken })).status).toBe(404)
    const newest = await sb.call('GET', '/events?pageSize=5&sortBy=event_ID:desc', {
      token: idToken,
    })
    const subjects = (newest.data as { subject: string | null }[]).map((e) => e.subject)
    expect(subjects.filter((s) => s?.startsWith('[doctor]'))).toEqual([])
  })

  it('runs as a real process (tsx) with credentials from the environment', async () => {
    const run = await runProcess(args, env)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('Summary:')
    expect(linesOf(run.stdout, 'FAIL')).toEqual([])
    expect(run.code).toBe(0)
  })

  it('refuses credentials given as arguments (exit 2) without echoing them', async () => {
    for (const secret of [
      ['--password', 'Sandbox!2026'],
      ['--api-key=sandbox-key'],
      ['--token', 'eyJ.secret.token'],
      ['--username', 'admin'],
    ]) {
      const run = await runMain([...args, ...secret], env)
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toMatch(/is refused: secrets on the command line land in shell history/)
      expect(run.stderr).not.toMatch(/Sandbox!2026|sandbox-key|eyJ\.secret/)
    }
  })

  it('asks for nothing without a terminal: missing secrets are a usage error', async () => {
    const run = await runMain(args, { DOCTOR_API_KEY: 'k' })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'DOCTOR_USERNAME with DOCTOR_PASSWORD (or DOCTOR_TOKEN) is not set',
    )
  })

  it('accepts a pasted token (DOCTOR_TOKEN) instead of a password', async () => {
    const { idToken } = await sb.signIn('admin')
    const run = await runMain(args, {
      DOCTOR_API_KEY: sb.config.apiKey,
      DOCTOR_TOKEN: `Bearer ${idToken}`,
    })
    expect(linesOf(run.stdout, 'FAIL')).toEqual([])
    expect(run.stdout).toMatch(
      /SKIP {2}sign-in: POST \/user-authentication — skipped: a token was given/,
    )
    expect(run.stdout).toMatch(/PASS {2}reads: GET \/users\/\{userId\}\/events/)
    expect(run.code).toBe(0)
  })

  it('gives a dead URL a clear FAIL and exit 1', async () => {
    const port = await closedPort()
    const run = await runMain(['--url', `http://127.0.0.1:${port}/api`, '--database', 'demo'], env)
    expect(run.code).toBe(1)
    expect(linesOf(run.stdout, 'FAIL')).toEqual([
      expect.stringMatching(
        /^FAIL {2}sign-in: POST \/user-authentication — .*got the connection was refused .*\(ECONNREFUSED\)$/,
      ),
    ])
    expect(run.stdout).toContain('The console would NOT work with this service')
  })
})

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
