import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { eventually, startNodeProcess } from '../server/testing'
import { DEMO_PASSWORD } from './identity/users'

/*
 * The sandbox's process killed (SIGKILL, as an out-of-memory killer stops it; the machine's own
 * file cache survives, so this is not a power cut) while clients write: started again on the
 * same data, it has every write it answered 200 to, each as last answered, and its database
 * files are whole.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-crash-'))
/** Every process started, killed at the end whatever happened (each runs in a group of its own). */
const started: { kill: () => Promise<unknown> }[] = []
afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()))
  rmSync(dataDir, { recursive: true, force: true })
})

async function start() {
  const running = await startNodeProcess({
    entry: path.join('sandbox', 'index.ts'),
    args: ['--port', '0'],
    env: { SANDBOX_DATA_DIR: dataDir, SANDBOX_EVENTS: '200', TZ: 'UTC' },
    listening: /Sandbox service: (http:\/\/\S+)/,
  })
  started.push(running)
  return running
}

const headers = (token?: string) => ({
  'x-api-key': 'sandbox-key',
  'service-database': 'demo',
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
})

async function signIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/user-authentication`, {
    method: 'POST',
    headers: {
      ...headers(),
      authorization: `Basic ${Buffer.from(`staff:${DEMO_PASSWORD}`).toString('base64')}`,
    },
  })
  expect(response.status).toBe(200)
  const json = (await response.json()) as { data: { authenticationResult: { idToken: string } } }
  return json.data.authenticationResult.idToken
}

type Event = Record<string, unknown> & { event_ID: number; subject: string | null }

async function call(baseUrl: string, token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: headers(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { data: unknown }
  return { status: response.status, data: json.data as Event }
}

describe('the sandbox killed mid-write', () => {
  it('keeps every write it answered, as last answered, and its files whole', async () => {
    const first = await start()
    const token = await signIn(first.baseUrl)
    /** The subject each event had in the last write the sandbox answered 200 to. */
    const answered = new Map<number, string>()
    let stopped = false

    // Four clients, each creating events and renaming events of its own, one request at a time.
    const client = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        try {
          if (i % 2 === 0) {
            const subject = `Crash ${n}-${i}`
            const made = await call(first.baseUrl, token, 'POST', '/events', {
              subject,
              claim_Audit_Event: false,
              process_Automation_Event: false,
              reminder: false,
              user_ID: 'staff',
            })
            if (made.status === 200) answered.set(made.data.event_ID, subject)
          } else {
            const id = 1 + n * 10 + (i % 10)
            const current = await call(first.baseUrl, token, 'GET', `/events/${id}`)
            if (current.status !== 200) continue
            const subject = `Renamed ${n}-${i}`
            const put = await call(first.baseUrl, token, 'PUT', `/events/${id}`, {
              ...current.data,
              subject,
            })
            if (put.status === 200) answered.set(id, subject)
          }
        } catch {
          return // The sandbox is gone: what was not answered is not counted.
        }
      }
    }
    const clients = [0, 1, 2, 3].map(client)
    await eventually(() => answered.size >= 60, 60_000, 'sixty writes answered')
    await first.kill('SIGKILL')
    stopped = true
    await Promise.all(clients)

    // The files, read as they were left: whole.
    const db = new DatabaseSync(path.join(dataDir, 'demo.sqlite'))
    try {
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }])
    } finally {
      db.close()
    }

    const again = await start()
    const token2 = await signIn(again.baseUrl)
    const kept = await Promise.all(
      [...answered].map(async ([id]) => {
        const read = await call(again.baseUrl, token2, 'GET', `/events/${id}`)
        return [id, read.status === 200 ? read.data.subject : `status ${read.status}`] as const
      }),
    )
    expect(new Map(kept)).toEqual(answered)
  })
})
