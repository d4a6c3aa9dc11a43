// Tests run the real sandbox service in-process, through its own fetch: real service logic, no
// network, no hand-written mocks (docs/architecture.md, Tests). The feature import rule is about
// app code, not about a test reaching the service.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createSandbox } from '../../sandbox/app'
import { configFromEnv, type SandboxConfig } from '../../sandbox/config'
import { createApiClient, type ApiClient, type Connection } from '@/api/client'
import { signIn } from '@/api/session'

export const SANDBOX_BASE = {
  baseUrl: 'http://sandbox.test/api',
  apiKey: 'sandbox-key',
  database: 'demo',
} as const
export type SandboxUser = 'admin' | 'staff' | 'support'

interface InProcessOptions extends Partial<Omit<SandboxConfig, 'dataDir'>> {
  /** Looks at (or holds) each request before the service answers it. */
  intercept?: (request: Request) => unknown
}

/**
 * A fresh sandbox over a temporary data dir, with its `fetch` for clients and helpers to sign in.
 * `close()` (in `afterAll`) closes its databases and removes the data dir.
 */
export function startInProcessSandbox(name: string, options: InProcessOptions = {}) {
  const { intercept, ...overrides } = options
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const sandbox = createSandbox({ ...configFromEnv({}), dataDir, events: 20, ...overrides })
  /** The service as `fetch`. jsdom's AbortSignal is not the one Node's Request takes: dropped. */
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const { signal: _signal, ...rest } = init ?? {}
    const request = new Request(input, rest)
    await intercept?.(request)
    return sandbox.fetch(request)
  }
  /** Tokens are bound to the database they are issued for: sign in for each one used. */
  async function connectionFor(
    username: SandboxUser,
    database: string = SANDBOX_BASE.database,
  ): Promise<Connection> {
    const base = { ...SANDBOX_BASE, database }
    const result = await signIn({ ...base, username, password: 'Sandbox!2026' }, { fetch })
    return { ...base, token: result.authenticationResult?.idToken ?? '' }
  }
  return {
    sandbox,
    fetch,
    /** Signs in and returns the connection (base URL, API key, database, token). */
    connectionFor,
    /** Signs in and returns a client of that session. */
    async clientFor(username: SandboxUser): Promise<ApiClient> {
      const connection = await connectionFor(username)
      return createApiClient(() => connection, { fetch })
    },
    close() {
      sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type InProcessSandbox = ReturnType<typeof startInProcessSandbox>
