import type { Sql, Storage } from './db/storage'

/*
 * What the team's tables no longer need, removed on a schedule: presence a tab stopped saying
 * long ago (its row is already ignored after `PRESENCE_TTL_SECONDS`), the tabs and stream counts
 * of instances that are gone, and sessions ended (or expired) more than `SESSIONS_KEPT_DAYS` ago.
 * Notes, views and the audit are not touched here (the audit has its own retention).
 */

/** How long an ended session stays listed as history. */
export const SESSIONS_KEPT_DAYS = 30
/** How often a running server prunes. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000

export async function pruneTeamTables(sql: Sql) {
  const counts = {
    presence: (await sql.query(`DELETE FROM presence WHERE seen_at < now() - interval '1 hour'`))
      .rowCount,
    tabs: (
      await sql.query(`DELETE FROM presence_tabs WHERE NOT console_instance_alive(instance_id)`)
    ).rowCount,
    streams: (
      await sql.query(
        `DELETE FROM console_session_tabs WHERE NOT console_instance_alive(instance_id)`,
      )
    ).rowCount,
    sessions: (
      await sql.query(
        `DELETE FROM console_sessions
         WHERE coalesce(ended_at, least(expires_at, last_seen + interval '1 day'))
           < now() - interval '${SESSIONS_KEPT_DAYS} days'`,
      )
    ).rowCount,
  }
  return counts
}

/** Prunes now and then every `PRUNE_EVERY_MS` until stopped; a failure waits for the next turn. */
export function startPruning(storage: Storage, everyMs = PRUNE_EVERY_MS) {
  const run = () => void pruneTeamTables(storage).catch(() => undefined)
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
