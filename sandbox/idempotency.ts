import { createHash } from 'node:crypto'
import { transaction } from './db/sqlite'
import { Problem, type Ctx } from './http'

/**
 * Idempotency keys (the `Idempotency-Key` request header, as in the IETF httpapi draft): a write
 * that creates records may be sent again (a browser repeats a PUT on a connection reset, a client
 * retries after a timeout) without creating them twice. The first request with a key stores its
 * answer in the same transaction as its write; a later request of the same user with the same key
 * and the same body gets that answer again (`Idempotent-Replayed: true`) and writes nothing; the
 * same key with another body is refused (422). Keys are kept for `IDEMPOTENCY_TTL_MS`. A write
 * that failed stored nothing, so its key may be used again.
 */
export const idempotencyMigration = `
CREATE TABLE idempotency (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_created ON idempotency (created_at);
`

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000
/** Printable ASCII without spaces, 1 to 255 characters. */
const KEY_PATTERN = /^[!-~]{1,255}$/

/**
 * Runs `write` in one transaction, or replays the answer stored under the request's
 * `Idempotency-Key`. `body` is the request's parsed body (its fingerprint, with the method and
 * path, tells a repeat from another request under the same key).
 */
export function idempotentWrite<T>(c: Ctx, now: Date, body: unknown, write: () => T): T {
  const db = c.get('db')
  const key = c.req.header('idempotency-key')
  if (key === undefined) return transaction(db, write)
  if (!KEY_PATTERN.test(key))
    throw new Problem(400, 'Idempotency-Key must be 1 to 255 printable characters, no spaces.', {
      errors: { 'Idempotency-Key': 'Invalid' },
    })
  const user = c.get('user').userId
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([c.req.method, c.req.path, body]))
    .digest('hex')
  const at = now.getTime()
  const outcome = transaction(db, () => {
    db.prepare('DELETE FROM idempotency WHERE created_at < ?').run(at - IDEMPOTENCY_TTL_MS)
    const stored = db
      .prepare('SELECT fingerprint, data FROM idempotency WHERE user_id = ? AND key = ?')
      .get(user, key) as { fingerprint: string; data: string } | undefined
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw new Problem(422, 'This Idempotency-Key was already used for another request.', {
          title: 'Idempotency key reused',
        })
      return { replayed: true, data: JSON.parse(stored.data) as T }
    }
    const data = write()
    db.prepare(
      'INSERT INTO idempotency (user_id, key, fingerprint, data, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(user, key, fingerprint, JSON.stringify(data ?? null), at)
    return { replayed: false, data }
  })
  if (outcome.replayed) c.header('idempotent-replayed', 'true')
  return outcome.data
}
