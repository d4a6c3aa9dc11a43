import type { Storage } from './db/storage'

/*
 * Writes sent with an `Idempotency-Key`: the first answer is kept in Postgres per user, key and
 * database, and a repeat gets it again without a second request to the service. A repeat while
 * the first is still with the service waits a little for its answer, then is told it is in
 * progress (409). Only a successful answer is kept: after a refusal the key may be used again,
 * as the service itself does. Keys are kept for a day.
 */

export type Claim =
  | { kind: 'first' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'other-request' }
  | { kind: 'in-progress' }

const KEEP = "interval '24 hours'"
/** A first request this old with no answer is taken for lost (its instance stopped). */
const PENDING_GIVE_UP = "interval '2 minutes'"
const WAIT_MS = 5_000
/** Printable ASCII without spaces, 1 to 255 characters, as the service takes them. */
export const KEY_PATTERN = /^[!-~]{1,255}$/

export interface KeyRef {
  userHash: string
  key: string
  database: string
}

const where = 'user_hash = $1 AND key = $2 AND database = $3'
const params = (ref: KeyRef) => [ref.userHash, ref.key, ref.database]

export async function claimKey(
  storage: Storage,
  ref: KeyRef,
  fingerprint: string,
  waitMs = WAIT_MS,
): Promise<Claim> {
  await storage.query(`DELETE FROM idempotent_answers WHERE created_at < now() - ${KEEP}`)
  const inserted = await storage.query(
    `INSERT INTO idempotent_answers (user_hash, key, database, fingerprint, state)
     VALUES ($1, $2, $3, $4, 'pending') ON CONFLICT DO NOTHING RETURNING 1`,
    [...params(ref), fingerprint],
  )
  if (inserted.rows.length > 0) return { kind: 'first' }
  const until = Date.now() + waitMs
  for (;;) {
    const { rows } = await storage.query<{
      fingerprint: string
      state: string
      status: number | null
      headers: Record<string, string> | null
      body: string | null
    }>(
      `SELECT fingerprint, state, status, headers, body FROM idempotent_answers WHERE ${where}`,
      params(ref),
    )
    const row = rows[0]
    if (!row) {
      // The first request failed and gave its key back: this one is the first now.
      return claimKey(storage, ref, fingerprint, Math.max(0, until - Date.now()))
    }
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' }
    if (row.state === 'done')
      return {
        kind: 'replay',
        status: row.status!,
        headers: row.headers ?? {},
        body: row.body ?? '',
      }
    const taken = await storage.query(
      `UPDATE idempotent_answers SET created_at = now()
       WHERE ${where} AND state = 'pending' AND created_at < now() - ${PENDING_GIVE_UP}
       RETURNING 1`,
      params(ref),
    )
    if (taken.rows.length > 0) return { kind: 'first' }
    if (Date.now() >= until) return { kind: 'in-progress' }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Keeps the answer of the first request (a success) for its repeats. */
export async function keepAnswer(
  storage: Storage,
  ref: KeyRef,
  answer: { status: number; headers: Record<string, string>; body: string },
) {
  await storage.query(
    `UPDATE idempotent_answers SET state = 'done', status = $4, headers = $5::jsonb, body = $6
     WHERE ${where}`,
    [...params(ref), answer.status, JSON.stringify(answer.headers), answer.body],
  )
}

/** Gives the key back (the write failed or its outcome is unknown: it may be sent again). */
export async function releaseKey(storage: Storage, ref: KeyRef) {
  await storage.query(
    `DELETE FROM idempotent_answers WHERE ${where} AND state = 'pending'`,
    params(ref),
  )
}
