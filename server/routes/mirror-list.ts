import { Hono } from 'hono'
import { recordAudit } from '../audit'
import type { ServerConfig } from '../config'
import { scopeOf, scopeSql } from '../scope'
import type { Storage } from '../db/storage'
import { bearerOf, refusal, type Caller } from '../gate'

/*
 * `GET /console-api/mirror/events`: the mirror answering the service's own `GET /events` (page,
 * pageSize, sortBy; the same envelope), so the console's event index reads the plan from here
 * with the code it reads the service with. Only the orders the index asks for are offered, each
 * ordered as the service orders them: dates as written (they carry no zone), an empty value first
 * going up and last going down, ties by event ID. Until the mirror holds the whole database (its
 * first load), the service answers instead: the index never reads half a plan.
 */

/** The sort fields the index uses, and the SQL each sorts by. */
const SORTABLE: Record<string, string> = {
  event_ID: 'event_id',
  update_Date: `(record->>'update_Date') COLLATE "C"`,
  due_Date: `(record->>'due_Date') COLLATE "C"`,
  start_Date: `(record->>'start_Date') COLLATE "C"`,
  next_Scheduled_Date: `(record->>'next_Scheduled_Date') COLLATE "C"`,
}
export const MIRROR_MAX_PAGE_SIZE = 1000

/** `sortBy` as an ORDER BY clause, or null when it names anything the mirror does not sort by. */
export function mirrorOrder(sortBy: string | undefined): string | null {
  const terms: string[] = []
  const seen = new Set<string>()
  for (const part of (sortBy ?? '').split(',')) {
    if (part.trim() === '') continue
    const [field = '', direction = 'asc', ...rest] = part.split(':').map((s) => s.trim())
    const sql = SORTABLE[field]
    const dir = direction.toLowerCase()
    if (!sql || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) return null
    if (seen.has(field)) continue
    seen.add(field)
    terms.push(`${sql} ${dir === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`)
  }
  if (!seen.has('event_ID')) terms.push('event_id ASC')
  return terms.join(', ')
}

const whole = (text: string | undefined, fallback: number) =>
  text === undefined ? fallback : /^\d{1,9}$/.test(text) ? Number(text) : NaN

export function mirrorListRoutes({
  storage,
  config,
  fetch: fetchImpl = fetch,
}: {
  storage: Storage
  config: Pick<ServerConfig, 'serviceUrl' | 'serviceApiKey' | 'eventScope'>
  fetch?: typeof fetch
}) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/mirror/events', async (c) => {
    const caller = c.get('caller')
    const { rows: state } = await storage.query<{ phase: string }>(
      'SELECT phase FROM mirror_state WHERE database = $1',
      [caller.database],
    )
    const scoped = scopeSql(scopeOf(caller, config), 4)
    if (state[0]?.phase !== 'ready') {
      // The service would send every event; a caller who finds only some waits for the copy.
      if (scoped.params.length > 0)
        return c.json(refusal(503, 'The console server is still reading the plan; try again.'), 503)
      const url = new URL(c.req.url)
      const answer = await fetchImpl(`${config.serviceUrl}/events${url.search}`, {
        headers: {
          authorization: `Bearer ${bearerOf(c.req.header('authorization')) ?? ''}`,
          'x-api-key': config.serviceApiKey,
          'service-database': caller.database,
        },
        signal: AbortSignal.timeout(60_000),
      })
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
      })
    }
    const page = whole(c.req.query('page'), 1)
    const pageSize = whole(c.req.query('pageSize'), 100)
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= MIRROR_MAX_PAGE_SIZE))
      return c.json(
        refusal(400, `page must be 1 or more; pageSize from 1 to ${MIRROR_MAX_PAGE_SIZE}.`),
        400,
      )
    const order = mirrorOrder(c.req.query('sortBy'))
    if (order === null)
      return c.json(
        refusal(400, `sortBy: the console server sorts by ${Object.keys(SORTABLE).join(', ')}.`),
        400,
      )
    // Each record as the text Postgres holds, joined into the answer as it is: a page of 1,000 is
    // never parsed into objects and written out again.
    const { rows } = await storage.query<{ record: string }>(
      `SELECT record::text AS record FROM mirror_events WHERE database = $1 AND ${scoped.where}
       ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [caller.database, pageSize, (page - 1) * pageSize, ...scoped.params],
    )
    await recordAudit(storage, [
      {
        userId: caller.userId,
        userName: caller.name,
        action: 'read',
        operation: 'GET /console-api/mirror/events',
        database: caller.database,
        recordType: 'event',
        recordId: null,
        status: 200,
        activityId: null,
        detail: { count: rows.length, page, pageSize },
      },
    ])
    return c.body(
      `{"data":[${rows.map((r) => r.record).join(',')}],"debug":${JSON.stringify({ activityID: crypto.randomUUID() })}}`,
      200,
      { 'content-type': 'application/json; charset=UTF-8' },
    )
  })
  return app
}
