import path from 'node:path'
import { migrate, openDb, transaction, type Db } from '../db/sqlite'
import { hashPassword, verifyPassword } from './passwords'
import { DEMO_PASSWORD, sandboxUsers } from './users'
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
}

export interface UserRow {
  user_id: string
  name: string
  roles: string
  password_hash: string
}

/** Users, sessions and the password policy, shared by every database. */
export function openIdentity(dataDir: string) {
  const db: Db = openDb(path.join(dataDir, 'identity.sqlite'))
  migrate(db, migrations)
  const count = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n
  if (count === 0) {
    transaction(db, () => {
      const insert = db.prepare(
        'INSERT INTO users (user_id, name, roles, password_hash) VALUES (?, ?, ?, ?)',
      )
      const hash = hashPassword(DEMO_PASSWORD)
      for (const u of sandboxUsers) insert.run(u.userId, u.name, JSON.stringify(u.roles), hash)
      db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(
        'password-policy',
        JSON.stringify(DEFAULT_POLICY),
      )
    })
  }

  const q = {
    user: db.prepare('SELECT * FROM users WHERE user_id = ?'),
    session: db.prepare('SELECT * FROM sessions WHERE session_id = ?'),
    byRefresh: db.prepare('SELECT * FROM sessions WHERE refresh_hash = ? AND ended_at IS NULL'),
    insert: db.prepare(
      `INSERT INTO sessions (session_id, user_id, login_at, last_seen_at, refresh_hash)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    touch: db.prepare('UPDATE sessions SET last_seen_at = ? WHERE session_id = ?'),
    rotate: db.prepare(
      'UPDATE sessions SET refresh_hash = ?, last_seen_at = ? WHERE session_id = ?',
    ),
    end: db.prepare(
      'UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE session_id = ? AND ended_at IS NULL',
    ),
    endUser: db.prepare(
      'UPDATE sessions SET ended_at = ?, ended_reason = ? WHERE user_id = ? AND ended_at IS NULL',
    ),
    longest: db.prepare(
      `SELECT user_id FROM sessions WHERE ended_at IS NULL AND user_id <> ?
       ORDER BY login_at ASC, session_id ASC LIMIT 1`,
    ),
    getSetting: db.prepare('SELECT value FROM settings WHERE key = ?'),
    putSetting: db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)'),
  }

  return {
    db,
    /** The user when the password matches, else null. */
    authenticate(userId: string, password: string): UserRow | null {
      const user = q.user.get(userId) as UserRow | undefined
      if (!user) {
        verifyPassword(password, hashPassword('x')) // same work either way
        return null
      }
      return verifyPassword(password, user.password_hash) ? user : null
    },
    user: (userId: string) => q.user.get(userId) as UserRow | undefined,
    /** Starts a session; returns its ID and a new refresh token. */
    startSession(userId: string, now: number) {
      const sessionId = crypto.randomUUID()
      const refreshToken = newOpaqueToken()
      q.insert.run(sessionId, userId, now, now, hashToken(refreshToken))
      return { sessionId, refreshToken }
    },
    session: (sessionId: string) => q.session.get(sessionId) as SessionRow | undefined,
    /** Records activity at most once every 30 seconds, to keep reads cheap. */
    touch(session: SessionRow, now: number) {
      if (now - session.last_seen_at > 30_000) q.touch.run(now, session.session_id)
    },
    /** Swaps a refresh token for a new one on the same active session. */
    refresh(refreshToken: string, now: number) {
      const session = q.byRefresh.get(hashToken(refreshToken)) as SessionRow | undefined
      if (!session) return null
      const next = newOpaqueToken()
      q.rotate.run(hashToken(next), now, session.session_id)
      return { session, refreshToken: next }
    },
    endSession: (sessionId: string, now: number, reason: string) =>
      Number(q.end.run(now, reason, sessionId).changes),
    endUserSessions: (userId: string, now: number, reason: string) =>
      Number(q.endUser.run(now, reason, userId).changes),
    /** The user, other than `exceptUserId`, whose active session began earliest. */
    longestSignedIn: (exceptUserId: string) =>
      (q.longest.get(exceptUserId) as { user_id: string } | undefined)?.user_id,
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
