import type { Sql, Storage } from './db/storage'
import { sha256, type Gate, type SessionEnd } from './gate'

/*
 * Sessions ended through the console (a sign-out, a kick) are known at once to every instance:
 * the instance that passed the request announces it with Postgres NOTIFY, and each one, itself
 * included, forgets what its gate remembered of those sessions. The next question about such a
 * token goes to the service, which refuses it; a tab's session check and a stream learn it then,
 * not a verdict's lifetime later. A session ended at the service by another client is learnt when
 * the verdict runs out (`VERDICT_TTL_MS`).
 */

export const SESSIONS_CHANNEL = 'console_sessions'

/** What a request passed through ended, once the service said yes; else null. */
export function sessionEndOf(
  method: string,
  path: string,
  status: number,
  token: string | null,
): SessionEnd | null {
  if (method !== 'POST' || status < 200 || status >= 300) return null
  const s = path.split('/').filter(Boolean)
  if (s.length === 1 && s[0] === 'logout') return token ? { tokenHash: sha256(token) } : null
  if (s.length === 1 && s[0] === 'kick') return { all: true }
  if (s.length === 2 && s[0] === 'kick') {
    try {
      return { userId: decodeURIComponent(s[1]!) }
    } catch {
      return { all: true }
    }
  }
  return null
}

/** Announces `end` to every instance (this one too) when `tx` commits. */
export async function announceSessionEnd(tx: Sql, end: SessionEnd) {
  await tx.query(`SELECT pg_notify('${SESSIONS_CHANNEL}', $1)`, [JSON.stringify(end)])
}

function parseEnd(payload: string): SessionEnd | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>
    if (typeof value.tokenHash === 'string') return { tokenHash: value.tokenHash }
    if (typeof value.userId === 'string') return { userId: value.userId }
    if (value.all === true) return { all: true }
  } catch {
    // Not ours: ignored.
  }
  return null
}

/** Hands every announced end to `gate.forget`. Returns the way to stop. */
export function listenForSessionEnds(storage: Storage, gate: Gate) {
  return storage.listen(SESSIONS_CHANNEL, (payload) => {
    const end = parseEnd(payload)
    if (end) gate.forget(end)
  })
}
