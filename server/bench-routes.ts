import { Hono } from 'hono'
import { createAnswerCache, type AnswerCache } from './answer-cache'
import type { Storage } from './db/storage'
import type { Caller } from './gate'
import { eventCalendarRoutes } from './routes/event-calendar'
import { eventQueryRoutes } from './routes/event-query'

/*
 * What the server's benches share: the views' routes asked in the bench's own process (no HTTP,
 * no gate) as one admin, and the calendar's month.
 */

/** Who the benches ask as: an admin of `demo`, with no scope. */
export const BENCH_CALLER: Caller = {
  userId: 'admin',
  name: 'Bench',
  roles: ['admin'],
  groups: [],
  database: 'demo',
  tokenHash: 'bench',
}

/**
 * The list's and the calendar's routes on `storage`, asked as `BENCH_CALLER`. Each route keeps
 * answers in the cache given (by default, one of its own made here).
 */
export function benchRoutes(storage: Storage, answers: AnswerCache = createAnswerCache()) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.use('*', async (c, next) => {
    c.set('caller', BENCH_CALLER)
    await next()
  })
  app.route(
    '/',
    eventQueryRoutes(storage, () => null, answers),
  )
  app.route(
    '/',
    eventCalendarRoutes(storage, () => null, answers),
  )
  return app
}

let fresh = Date.now()
/**
 * Asks `path` with `body` and a `now` never asked before (so no answer that depends on now is
 * met twice); how long the answer took, and the answer. Throws on anything but 200.
 */
export async function ask(
  app: ReturnType<typeof benchRoutes>,
  path: string,
  body: Record<string, unknown>,
  /** The instant asked at, if not one never asked before. */
  now = ++fresh,
): Promise<{ ms: number; data: unknown }> {
  const t0 = performance.now()
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, now }),
  })
  const answer = (await response.json()) as { data?: unknown }
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  return { ms: performance.now() - t0, data: answer.data }
}

/** Everyone's six weeks the calendar shows for this month (from the Monday before the 1st). */
export function thisMonthOnTheCalendar(today = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0')
  const wall = (d: Date) =>
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00:00`
  const first = new Date(today.getFullYear(), today.getMonth(), 1)
  first.setDate(first.getDate() - ((first.getDay() + 6) % 7))
  const last = new Date(first)
  last.setDate(last.getDate() + 42)
  return { from: wall(first), to: wall(last), perDay: 3 }
}
