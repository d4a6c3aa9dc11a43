import type { SandboxApp, SandboxContext } from '../context'
import type { Row } from '../db/sqlite'
import { lookupLists } from '../events/lookup-data'
import { statements } from '../events/store'
import { ok } from '../http'

/**
 * The twelve lookup lists of the Events group, read from the `lookups` table of the request's
 * database as `{ option_Key, display, description }` in list order.
 */
export function registerLookupRoutes(app: SandboxApp, _ctx: SandboxContext) {
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
}
