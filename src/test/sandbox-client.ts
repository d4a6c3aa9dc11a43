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
    /** Signs in and returns a client of that session (through `through`, a proxy, if given). */
    async clientFor(
      username: SandboxUser,
      through: typeof globalThis.fetch = fetch,
    ): Promise<ApiClient> {
      const connection = await connectionFor(username)
      return createApiClient(() => connection, { fetch: through })
    },
    /**
     * Writes values straight into a stored row (`events` by `event_ID`, `auths` by
     * `auth_Number`), past the service's validation: a record the contract rejects, as another
     * service may hold one. It is stamped newest (a millisecond after the newest stamp of the
     * table) unless `update_Date` is given, so a sync sees it change.
     */
    storeRaw(
      table: 'events' | 'auths',
      id: number | string,
      values: Record<string, string | number | null>,
      database: string = SANDBOX_BASE.database,
    ) {
      const key = table === 'events' ? 'event_ID' : 'auth_Number'
      const db = sandbox.context.business(database)
      if (!db.prepare(`SELECT 1 FROM ${table} WHERE ${key} = ?`).get(id))
        throw new Error(`No ${table} row ${id}`)
      const newest = db.prepare(`SELECT MAX(update_Date) AS at FROM ${table}`).get() as {
        at: string
      }
      const stamp = new Date(Date.parse(newest.at) + 1)
      const all: Record<string, string | number | null> = {
        update_Date: localStamp(stamp),
        ...values,
      }
      const columns = Object.keys(all)
      db.prepare(
        `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${key} = ?`,
      ).run(...columns.map((c) => all[c] ?? null), id)
    },
    close() {
      sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type InProcessSandbox = ReturnType<typeof startInProcessSandbox>

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
/** Wall-clock text with milliseconds, as the sandbox stamps `update_Date`. */
function localStamp(d: Date) {
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:` +
    `${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  )
}
