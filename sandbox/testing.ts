import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { envelopeSchema } from '../src/api/schemas/envelope'
import { configFromEnv, type SandboxConfig } from './config'
import { DEMO_PASSWORD } from './identity/users'
import { createSandbox, type SandboxOptions } from './app'
import { startServer } from './server'

export interface CallOptions {
  token?: string | null
  apiKey?: string | null
  database?: string | null
  body?: unknown
  /** Raw body text, sent as is (for malformed or huge bodies). */
  rawBody?: string
  headers?: Record<string, string>
}

/**
 * A fresh sandbox with a fresh data dir for contract tests. By default requests go through the
 * app's own `fetch` in-process (the same Hono app, no port); `{ over: 'http' }` starts the real
 * server on a free port instead, for what only a socket shows; `clock` is a clock the test moves.
 * Every answer is checked to be the envelope with a fresh activity ID.
 */
export async function startTestSandbox(
  overrides: Partial<SandboxConfig> = {},
  options: { over?: 'fetch' | 'http' } & SandboxOptions = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-test-'))
  const config = { ...configFromEnv({}), dataDir, events: 300, ...overrides }
  const server =
    options.over === 'http'
      ? await startServer(config, { port: 0, clock: options.clock })
      : inProcess(config, options)
  /** `fetch` against the sandbox: in-process, or over its port. */
  const fetch: typeof globalThis.fetch =
    options.over === 'http'
      ? globalThis.fetch
      : async (input, init) => server.sandbox.fetch(new Request(input, init))

  async function call(method: string, pathname: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? config.apiKey
    if (options.database !== null) headers['service-database'] = options.database ?? 'demo'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const response = await fetch(server.baseUrl + pathname, { method, headers, body })
    const text = await response.text()
    const json: unknown = JSON.parse(text)
    const envelope = envelopeSchema.parse(json)
    if (!envelope.debug?.activityID) throw new Error(`No activityID in answer to ${pathname}`)
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      envelope,
      data: envelope.data,
      error: envelope.error,
      activityId: envelope.debug.activityID,
      headers: response.headers,
    }
  }

  /** Signs in and returns the ID token and refresh token. */
  async function signIn(userId: string, password = DEMO_PASSWORD, database = 'demo') {
    const response = await fetch(server.baseUrl + '/user-authentication', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`,
        'x-api-key': config.apiKey,
        'service-database': database,
      },
    })
    const json = (await response.json()) as {
      data: { authenticationResult: { idToken: string; refreshToken: string } }
    }
    if (response.status !== 200) throw new Error(`sign-in of ${userId} failed: ${response.status}`)
    return json.data.authenticationResult
  }

  return {
    config,
    baseUrl: server.baseUrl,
    sandbox: server.sandbox,
    fetch,
    call,
    signIn,
    async close() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>

/** The sandbox app without a port: requests go to its `fetch` under a made-up origin. */
function inProcess(config: SandboxConfig, options: SandboxOptions) {
  const sandbox = createSandbox(config, options)
  return {
    sandbox,
    baseUrl: 'http://sandbox.test/api',
    async close() {
      sandbox.close()
    },
  }
}

/**
 * A new auth the sandbox takes: the required fields and a few that staff fill in (a member and
 * a provider of the demo data), for tests that create auths.
 */
export const demoAuth = (overrides: Record<string, unknown> = {}) => ({
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  auth_Type: 'Outpatient',
  service_Type: 'Physical Therapy',
  service_Code: '97110',
  unit_Type: 'Visit',
  subscriber_ID: '100240009',
  member_Seq: '01',
  provider_ID: 'PRV10004',
  requested_From: '2026-03-02',
  requested_Thru: '2026-04-30 00:00',
  units_Requested: 12,
  auth_Code: 'P',
  status: 'Pended',
  notes: 'Created by a contract test.',
  ...overrides,
})
