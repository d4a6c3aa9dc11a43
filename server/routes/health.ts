import { Hono } from 'hono'
import type { AnswerCache } from '../answer-cache'
import type { Storage } from '../db/storage'
import type { Caller } from '../gate'

/*
 * How the mirror stands, per database: how many events it holds, when it last read the service,
 * since when it is behind. Counts and times only: no member data, no setting. Every open tab asks
 * every 15 s, so the count (a read of every event's index entry) is kept until the events change.
 */
export function healthRoutes(storage: Storage, databases: readonly string[], answers: AnswerCache) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/health', async (c) => {
    const { rows } = await storage.query<{
      database: string
      phase: string | null
      last_success_at: string | null
      behind_since: string | null
      lag_seconds: string | number | null
      last_sweep_at: string | null
      failures: number | null
      last_error: string | null
    }>(
      `SELECT d.database, s.phase,
         to_char(s.last_success_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_success_at,
         to_char(s.behind_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS behind_since,
         extract(epoch FROM now() - s.last_success_at)::float8 AS lag_seconds,
         to_char(s.last_sweep_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_sweep_at,
         s.failures, s.last_error
       FROM unnest($1::text[]) AS d(database)
       LEFT JOIN mirror_state s ON s.database = d.database
       ORDER BY d.database`,
      [databases],
    )
    const events = await Promise.all(
      rows.map((r) =>
        answers.get(r.database, '["held"]', async () => {
          const { rows: n } = await storage.query<{ n: string | number }>(
            'SELECT count(*) AS n FROM mirror_events WHERE database = $1',
            [r.database],
          )
          return Number(n[0]?.n ?? 0)
        }),
      ),
    )
    return c.json({
      data: {
        storage: storage.kind,
        databases: rows.map((r, i) => ({
          database: r.database,
          phase: r.phase ?? 'waiting',
          events: events[i]!,
          lastSuccessfulRead: r.last_success_at,
          behindSince: r.behind_since,
          lagSeconds: r.lag_seconds === null ? null : Math.round(Number(r.lag_seconds)),
          lastSweep: r.last_sweep_at,
          failuresInARow: Number(r.failures ?? 0),
          lastError: r.last_error,
        })),
      },
      debug: { activityID: crypto.randomUUID() },
    })
  })
  return app
}
