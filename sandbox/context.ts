import type { Hono } from 'hono'
import type { SandboxConfig } from './config'
import type { Db } from './db/sqlite'
import { Problem, type SandboxEnv } from './http'
import type { IdentityStore } from './identity/store'

/*
 * What the route modules share with the app that mounts them: the app's type, the runtime
 * context and the checks every operation makes. The app imports the routes and the routes import
 * this module, never the app (no import cycle).
 */

export type SandboxApp = Hono<SandboxEnv>

/** What route modules need besides the request. */
export interface SandboxContext {
  config: SandboxConfig
  identity: IdentityStore
  secret: Buffer
  business(name: string): Db
  now(): Date
}

export function requireApiKey(config: SandboxConfig, given: string | undefined) {
  if (!given) throw new Problem(403, 'The request has no API key (x-api-key).')
  if (given !== config.apiKey) throw new Problem(403, 'The API key is not valid.')
}

export function requireDatabase(config: SandboxConfig, given: string | undefined): string {
  if (!given) throw new Problem(400, 'The service-database header is required.')
  if (!config.databases.includes(given))
    throw new Problem(404, `There is no database named "${given}".`, { title: 'Unknown database' })
  return given
}
