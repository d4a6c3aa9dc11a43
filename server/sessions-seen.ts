import { utcIso } from './db/sql-time'
import type { Caller, SessionEnd } from './gate'
import type { Sql, Storage } from './db/storage'

/*
 * Sessions seen: who is signed in through the server, so an administrator ends a session
 * knowing whose it is. A session is a token (kept by its SHA-256, never the token): its user,
 * database, when it was first and last seen, its last change passed through, and the tabs that
 * have its stream open now (counted per instance, an instance that died counting none). A
 * sign-out, a kick or a token the service refuses ends it; so does its own expiry.
 */

/** Version 14 of the migrations. */
export const sessionsSeenMigration = {
  version: 14,
  name: 'the sessions seen through the server, and their open tabs',
  sql: `
    CREATE TABLE console_sessions (
      token_hash text PRIMARY KEY,
      database text NOT NULL,
      user_id text NOT NULL,
      user_name text,
      first_seen timestamptz NOT NULL DEFAULT now(),
      last_seen timestamptz NOT NULL DEFAULT now(),
      last_change timestamptz,
      expires_at timestamptz,
      ended_at timestamptz
    );
    CREATE INDEX console_sessions_open ON console_sessions (ended_at, last_seen);
    CREATE INDEX console_sessions_by_user ON console_sessions (user_id);
    CREATE TABLE console_session_tabs (
      instance_id text NOT NULL,
      token_hash text NOT NULL,
      tabs integer NOT NULL,
      PRIMARY KEY (instance_id, token_hash)
    );
  `,
}

/** A session is noted as seen at most this often (every request would be a write). */
export const SEEN_EVERY_MS = 30_000

export interface SessionsSeen {
  /** Notes a request of `caller` (throttled per session). */
  seen(caller: Caller, expiresAt: number | null): void
  /** A stream of the session opened (+1) or closed (-1) on this instance. */
  tab(tokenHash: string, delta: 1 | -1): Promise<void>
  /** Forgets the noted times (tests). */
  reset(): void
}

export function createSessionsSeen(storage: Storage, instanceId: string): SessionsSeen {
  const lastNoted = new Map<string, number>()
  return {
    seen(caller, expiresAt) {
      const now = Date.now()
      if ((lastNoted.get(caller.tokenHash) ?? 0) > now - SEEN_EVERY_MS) return
      if (lastNoted.size > 10_000) lastNoted.clear()
      lastNoted.set(caller.tokenHash, now)
      void storage
        .query(
          `INSERT INTO console_sessions (token_hash, database, user_id, user_name, expires_at)
           VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000))
           ON CONFLICT (token_hash) DO UPDATE SET last_seen = now(), ended_at = NULL`,
          [caller.tokenHash, caller.database, caller.userId, caller.name, expiresAt],
        )
        .catch((error: Error) => console.error('server: a session could not be noted:', error.name))
    },
    async tab(tokenHash, delta) {
      await storage.query(
        `INSERT INTO console_session_tabs (instance_id, token_hash, tabs) VALUES ($1, $2, $3)
         ON CONFLICT (instance_id, token_hash)
         DO UPDATE SET tabs = greatest(console_session_tabs.tabs + $3, 0)`,
        [instanceId, tokenHash, delta],
      )
    },
    reset() {
      lastNoted.clear()
    },
  }
}

/**
 * Marks the sessions `end` names in `database` as ended (a kick of the longest names its user
 * once known). A token the service accepts again (`seen`) is open again.
 */
export async function endSessionsSeen(tx: Sql, end: SessionEnd, database: string) {
  if ('all' in end) return
  if ('tokenHash' in end)
    await tx.query(
      `UPDATE console_sessions SET ended_at = now()
       WHERE token_hash = $1 AND database = $2 AND ended_at IS NULL`,
      [end.tokenHash, database],
    )
  else
    await tx.query(
      `UPDATE console_sessions SET ended_at = now()
       WHERE user_id = $1 AND database = $2 AND ended_at IS NULL`,
      [end.userId, database],
    )
}

export interface SeenSession {
  userId: string
  userName: string | null
  database: string
  signedInAt: string
  lastSeenAt: string
  lastChangeAt: string | null
  expiresAt: string | null
  openTabs: number
}

/** Who has a session open now in `database` (per user), most recently seen first. */
export async function listSessionsSeen(sql: Sql, database: string): Promise<SeenSession[]> {
  const { rows } = await sql.query<{
    user_id: string
    user_name: string | null
    database: string
    first_seen: string
    last_seen: string
    last_change: string | null
    expires_at: string | null
    tabs: string | number
  }>(
    // One line per user and database: a token renewed is the same person still signed in (the
    // service ends sessions by user).
    `SELECT s.user_id, max(s.user_name) AS user_name, s.database,
       ${utcIso('min(s.first_seen)')} AS first_seen, ${utcIso('max(s.last_seen)')} AS last_seen,
       ${utcIso('max(s.last_change)')} AS last_change, ${utcIso('max(s.expires_at)')} AS expires_at,
       coalesce(sum((SELECT sum(t.tabs) FROM console_session_tabs t
         WHERE t.token_hash = s.token_hash AND console_instance_alive(t.instance_id))), 0) AS tabs
     FROM console_sessions s
     WHERE s.database = $1 AND s.ended_at IS NULL
       AND (s.expires_at IS NULL OR s.expires_at > now())
     GROUP BY s.user_id, s.database
     ORDER BY max(s.last_seen) DESC LIMIT 500`,
    [database],
  )
  return rows.map((r) => ({
    userId: r.user_id,
    userName: r.user_name,
    database: r.database,
    signedInAt: r.first_seen,
    lastSeenAt: r.last_seen,
    lastChangeAt: r.last_change,
    expiresAt: r.expires_at,
    openTabs: Number(r.tabs),
  }))
}
