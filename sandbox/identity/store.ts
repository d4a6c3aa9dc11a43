import path from 'node:path'
import { migrate, openDb, transaction, type Db } from '../db/sqlite'
import { hashPassword, verifyPassword } from './passwords'
import { COMPLIANCE_USER, DEMO_PASSWORD, SERVICE_ACCOUNT, signInUsers } from './users'
import { hashToken, newOpaqueToken } from './tokens'

const migrations = [
  `CREATE TABLE users (
     user_id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     roles TEXT NOT NULL,
     password_hash TEXT NOT NULL
   );
   CREATE TABLE sessions (
     session_id TEXT PRIMARY KEY,
     user_id TEXT NOT NULL REFERENCES users(user_id),
     login_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL,
     ended_at INTEGER,
     ended_reason TEXT,
     refresh_hash TEXT NOT NULL
   );
   CREATE INDEX sessions_active ON sessions(ended_at, login_at);
   CREATE INDEX sessions_user ON sessions(user_id);
   CREATE UNIQUE INDEX sessions_refresh ON sessions(refresh_hash);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Refresh tokens already swapped for new ones: presenting one again means it was stolen.
  `CREATE TABLE retired_refresh (
     refresh_hash TEXT PRIMARY KEY,
     session_id TEXT NOT NULL REFERENCES sessions(session_id)
   );`,
  // The database the session's tokens are issued for.
  `ALTER TABLE sessions ADD COLUMN database TEXT;`,
  // When a refresh token was swapped: a reuse within the grace period is a race between tabs.
  `ALTER TABLE retired_refresh ADD COLUMN retired_at INTEGER NOT NULL DEFAULT 0;`,
]

/** The policy a fresh identity store starts with; `passwordHistorySize` is a field the console
 * does not model, to show it renders generically. */
export const DEFAULT_POLICY = {
  minimumLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
  passwordHistorySize: 5,
}

export interface SessionRow {
  session_id: string
  user_id: string
  login_at: number
  last_seen_at: number
  ended_at: number | null
  database: string | null
}

/** How long a session lives: without activity (`idle`) and at most (`max`), in seconds. */
export interface SessionLimits {
  idle: number
  max: number
  /** Seconds after a refresh token is swapped during which presenting it again is not theft. */
  reuseGrace: number
  /** Live sessions one user may hold; starting one more ends their oldest. */
  perUser: number
}

/** Why a session that has not been ended is over by `now`, or null while it is live. */
export function sessionExpiry(session: SessionRow, now: number, limits: SessionLimits) {
  if (now - session.login_at > limits.max * 1000) return 'max-lifetime' as const
  if (now - session.last_seen_at > limits.idle * 1000) return 'idle' as const
  return null
}

export interface UserRow {
  user_id: string
  name: string
  roles: string
  password_hash: string
}

/** Users, sessions and the password policy, shared by every database. */
export function openIdentity(dataDir: string, limits: SessionLimits) {
  const db: Db = openDb(path.join(dataDir, 'identity.sqlite'))
  migrate(db, migrations)
  const count = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n
  if (count === 0) {
    transaction(db, () => {
      const insert = db.prepare(
        'INSERT INTO users (user_id, name, roles, password_hash) VALUES (?, ?, ?, ?)',
      )
      const hash = hashPassword(DEMO_PASSWORD)
      for (const u of signInUsers) insert.run(u.userId, u.name, JSON.stringify(u.roles), hash)
      db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(
        'password-policy',
        JSON.stringify(DEFAULT_POLICY),
      )
    })
  }
  // Added to a sandbox made before the console server (and the compliance officer) had accounts.
  for (const account of [SERVICE_ACCOUNT, COMPLIANCE_USER])
    if (!db.prepare('SELECT 1 AS found FROM users WHERE user_id = ?').get(account.userId))
      db.prepare('INSERT INTO users (user_id, name, roles, password_hash) VALUES (?, ?, ?, ?)').run(
        account.userId,
        account.name,
        JSON.stringify(account.roles),
        hashPassword(DEMO_PASSWORD),
      )

  const unknownUserHash = hashPassword(newOpaqueToken())
  const q = {
    user: db.prepare('SELECT * FROM users WHERE user_id = ?'),
    session: db.prepare('SELECT * FROM sessions WHERE session_id = ?'),
    byRefresh: db.prepare('SELECT * FROM sessions WHERE refresh_hash = ? AND ended_at IS NULL'),
    insert: db.prepare(
      `INSERT INTO sessions (session_id, user_id, login_at, last_seen_at, refresh_hash, database)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    moveTo: db.prepare('UPDATE sessions SET database = ? WHERE session_id = ?'),
    touch: db.prepare(
      'UPDATE sessions SET last_seen_at = ? WHERE session_id = ? AND last_seen_at < ?',
    ),
    /** A user's sessions not yet ended, newest first. */
    openOfUser: db.prepare(
      `SELECT * FROM sessions WHERE user_id = ? AND ended_at IS NULL
       ORDER BY login_at DESC, rowid DESC`,
    ),
    rotate: db.prepare(
      'UPDATE sessions SET refresh_hash = ?, last_seen_at = ? WHERE session_id = ?',
    ),
    retire: db.prepare(
      'INSERT OR IGNORE INTO retired_refresh (refresh_hash, session_id, retired_at) VALUES (?, ?, ?)',
    ),
    retired: db.prepare(
      'SELECT session_id, retired_at FROM retired_refresh WHERE refresh_hash = ?',
    ),
    end: db.prepare(
      'UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE session_id = ? AND ended_at IS NULL',
    ),
    endUser: db.prepare(
      'UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE user_id = ? AND ended_at IS NULL',
    ),
    /** Sessions not yet ended of users other than one, oldest sign-in first. */
    openByAge: db.prepare(
      `SELECT * FROM sessions WHERE ended_at IS NULL AND user_id <> ?
       ORDER BY login_at ASC, session_id ASC`,
    ),
    getSetting: db.prepare('SELECT value FROM settings WHERE key = ?'),
    putSetting: db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)'),
  }

  return {
    db,
    /**
     * The user when the password matches, else null. Unknown users cost the same work as known
     * ones (one derivation against a hash made at start), so the time to refuse says nothing.
     */
    async authenticate(userId: string, password: string): Promise<UserRow | null> {
      const user = q.user.get(userId) as UserRow | undefined
      const matches = await verifyPassword(password, user?.password_hash ?? unknownUserHash)
      return user && matches ? user : null
    },
    user: (userId: string) => q.user.get(userId) as UserRow | undefined,
    /**
     * Starts a session; returns its ID and a new refresh token. A user holds at most
     * `limits.perUser` live sessions: those that have expired are ended, and the oldest live ones
     * beyond the limit are ended ('session-limit') to make room, so sign-ins cannot pile up
     * sessions without end.
     */
    startSession(userId: string, now: number, database: string) {
      const sessionId = crypto.randomUUID()
      const refreshToken = newOpaqueToken()
      transaction(db, () => {
        let live = 0
        for (const session of q.openOfUser.all(userId) as unknown as SessionRow[]) {
          const expired = sessionExpiry(session, now, limits)
          if (expired) q.end.run(now, expired, session.session_id)
          else if (++live >= limits.perUser) q.end.run(now, 'session-limit', session.session_id)
        }
        q.insert.run(sessionId, userId, now, now, hashToken(refreshToken), database)
      })
      return { sessionId, refreshToken }
    },
    session: (sessionId: string) => q.session.get(sessionId) as SessionRow | undefined,
    /**
     * Records activity on every request (one write by primary key), so the idle limit counts
     * from the last request exactly. Never moves it back (requests may finish out of order).
     */
    touch(session: SessionRow, now: number) {
      if (now > session.last_seen_at) q.touch.run(now, session.session_id, now)
    },
    /**
     * Swaps a refresh token for a new one on the same live session, whose tokens are issued for
     * `database` from then on (switching database is a refresh). A token that was already
     * swapped (a copy someone kept) ends its whole session: the thief and the user both sign in
     * again. An expired session ends too. Null when nothing is refreshed.
     */
    refresh(refreshToken: string, now: number, requested: string | null) {
      const hash = hashToken(refreshToken)
      const session = q.byRefresh.get(hash) as SessionRow | undefined
      if (!session) {
        const reused = q.retired.get(hash) as { session_id: string; retired_at: number } | undefined
        // Two tabs renewing at once may both present the token one of them just swapped: within
        // the grace period that is refused without ending the session (the tab adopts the
        // other's new tokens); later, it is a stolen copy and the session ends.
        if (reused && now - reused.retired_at > limits.reuseGrace * 1000)
          q.end.run(now, 'refresh-token-reuse', reused.session_id)
        return null
      }
      const expired = sessionExpiry(session, now, limits)
      if (expired) {
        q.end.run(now, expired, session.session_id)
        return null
      }
      const next = newOpaqueToken()
      const database = requested ?? session.database ?? ''
      transaction(db, () => {
        q.retire.run(hash, session.session_id, now)
        q.rotate.run(hashToken(next), now, session.session_id)
        q.moveTo.run(database, session.session_id)
      })
      return { session: { ...session, database }, refreshToken: next }
    },
    /** The live session of an ID, ending it when it has expired; undefined when over. */
    liveSession(sessionId: string, now: number) {
      const session = q.session.get(sessionId) as SessionRow | undefined
      if (!session || session.ended_at !== null) return undefined
      const expired = sessionExpiry(session, now, limits)
      if (!expired) return session
      q.end.run(now, expired, session.session_id)
      return undefined
    },
    endSession: (sessionId: string, now: number, reason: string) =>
      Number(q.end.run(now, reason, sessionId).changes),
    endUserSessions: (userId: string, now: number, reason: string) =>
      Number(q.endUser.run(now, reason, userId).changes),
    /**
     * The live session, of a user other than `exceptUserId`, that began earliest. Sessions met on
     * the way that have expired (idle or past their lifetime) are ended, not chosen: the longest
     * session is the longest one still live.
     */
    longestLiveSession(exceptUserId: string, now: number): SessionRow | undefined {
      return transaction(db, () => {
        for (const session of q.openByAge.all(exceptUserId) as unknown as SessionRow[]) {
          const expired = sessionExpiry(session, now, limits)
          if (!expired) return session
          q.end.run(now, expired, session.session_id)
        }
        return undefined
      })
    },
    passwordPolicy: () =>
      JSON.parse((q.getSetting.get('password-policy') as { value: string }).value) as Record<
        string,
        unknown
      >,
    setPasswordPolicy: (policy: Record<string, unknown>) =>
      q.putSetting.run('password-policy', JSON.stringify(policy)),
  }
}

export type IdentityStore = ReturnType<typeof openIdentity>
