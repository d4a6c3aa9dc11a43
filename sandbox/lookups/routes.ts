import type { SandboxEnv } from '../http'
import { Hono } from 'hono'
import type { SandboxApp } from '../context'
import type { Row } from '../db/sqlite'
import { lookupLists } from './data'
import { statements } from '../events/store'
import { ok } from '../http'

/**
 * The twelve lookup lists of the Events group, read from the `lookups` table of the request's
 * database as `{ option_Key, display, description }` in list order.
 */
export function lookupRoutes(): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  for (const list of lookupLists)
    app.get(list.path, (c) => {
      const rows = statements(c.get('db')).lookup.all(list.path) as Row[]
      return ok(
        c,
        rows.map((r) => ({
          option_Key: r.option_Key,
          display: r.display,
          description: r.description,
        })),
      )
    })
  return app
}
