import type { Sql, Storage } from './db/storage'

/*
 * Writes sent with an `Idempotency-Key`: the first answer is kept in Postgres per user, key and
 * database, and a repeat gets it again without a second request to the service. A repeat while
 * the first is still with the service waits a little for its answer, then is told it is in
 * progress (409). Only a successful answer is kept: after a refusal the key may be used again,
 * as the service itself does. Keys are kept for a day.
 *
 * A pending key names the instance its request is with (`owner`) and holds the records as they
 * were before it (`intent`, the audit's "before"). When that instance dies (kill -9, a crash)
 * before the answer is kept, or its request's outcome is unknown (`abandonKey`), a repeat takes
 * the key over at once and sends the request again under the same key: the service answers it
 * once (a write it already made is answered again, not made again), and the repeat records the
 * write the first could not, with the first's "before".
 */

export type Claim =
  /** `intent`: what an earlier attempt noted before it was sent, if one did. */
  | { kind: 'first'; intent?: Record<string, unknown> }
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

/**
 * Claims `ref` for a request with `fingerprint`, by instance `owner` (null: no instance, as in
 * tests of this module alone; such a key is taken over only after PENDING_GIVE_UP).
 */
export async function claimKey(
  storage: Storage,
  ref: KeyRef,
  fingerprint: string,
  waitMs = WAIT_MS,
  owner: string | null = null,
): Promise<Claim> {
  await storage.query(`DELETE FROM idempotent_answers WHERE created_at < now() - ${KEEP}`)
  const inserted = await storage.query(
    `INSERT INTO idempotent_answers (user_hash, key, database, fingerprint, state, owner)
     VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT DO NOTHING RETURNING 1`,
    [...params(ref), fingerprint, owner],
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
      return claimKey(storage, ref, fingerprint, Math.max(0, until - Date.now()), owner)
    }
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' }
    if (row.state === 'done')
      return {
        kind: 'replay',
        status: row.status!,
        headers: row.headers ?? {},
        body: row.body ?? '',
      }
    // Taken over: a request given up (its outcome unknown), one whose instance is gone, or one
    // pending too long (an instance that names none).
    const taken = await storage.query<{ intent: Record<string, unknown> | null }>(
      `UPDATE idempotent_answers SET created_at = now(), state = 'pending', owner = $4
       WHERE ${where} AND (state = 'unsettled' OR (state = 'pending' AND (
         created_at < now() - ${PENDING_GIVE_UP}
         OR (owner IS NOT NULL AND NOT console_instance_alive(owner)))))
       RETURNING intent`,
      [...params(ref), owner],
    )
    if (taken.rows.length > 0) {
      const intent = taken.rows[0]!.intent
      return intent ? { kind: 'first', intent } : { kind: 'first' }
    }
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

/** Notes what the records were before the request of `owner` is sent (the audit's "before"). */
export async function noteIntent(
  storage: Storage,
  ref: KeyRef,
  owner: string,
  intent: Record<string, unknown>,
) {
  await storage.query(
    `UPDATE idempotent_answers SET intent = $5::jsonb
     WHERE ${where} AND state = 'pending' AND owner = $4`,
    [...params(ref), owner, JSON.stringify(intent)],
  )
}

/**
 * Settles the key of `owner`'s request in the transaction that records the write: the answer
 * kept (a success), or the key given back (a refusal). False when the key is no longer this
 * owner's (another instance took it over, believing this one gone, and records the write
 * itself): the caller then records nothing, so no write is recorded twice.
 */
export async function settleKey(
  tx: Sql,
  ref: KeyRef,
  owner: string,
  answer: { status: number; headers: Record<string, string>; body: string } | null,
): Promise<boolean> {
  const { rows } = answer
    ? await tx.query(
        `UPDATE idempotent_answers SET state = 'done', status = $5, headers = $6::jsonb,
           body = $7, intent = NULL
         WHERE ${where} AND state = 'pending' AND owner = $4 RETURNING 1`,
        [...params(ref), owner, answer.status, JSON.stringify(answer.headers), answer.body],
      )
    : await tx.query(
        `DELETE FROM idempotent_answers
         WHERE ${where} AND state = 'pending' AND owner = $4 RETURNING 1`,
        [...params(ref), owner],
      )
  return rows.length > 0
}

/**
 * The request of `owner` got no answer (the service did not answer, or what it did could not be
 * recorded): the write may or may not have been made. The key and its intent stay, for the
 * repeat that takes it over at once and learns the outcome from the service.
 */
export async function abandonKey(storage: Storage, ref: KeyRef, owner: string) {
  await storage.query(
    `UPDATE idempotent_answers SET state = 'unsettled'
     WHERE ${where} AND state = 'pending' AND owner = $4`,
    [...params(ref), owner],
  )
}
