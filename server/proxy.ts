import type { AnswerCache } from './answer-cache'
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { NOT_SENT_PROBLEM } from '../src/api/errors'
import { storeSeenAuth, storeSeenEvents } from './mirror/seen'
import { announce } from './changes'
import { changedFields, recordAudit, type AuditEntry } from './audit'
import type { ServerConfig } from './config'
import type { Storage } from './db/storage'
import { bearerOf, refusal, sha256, type Gate, type SessionEnd } from './gate'
import { endSessionsSeen } from './sessions-seen'
import { endPresence } from './routes/presence'
import {
  abandonKey,
  claimKey,
  KEY_PATTERN,
  noteIntent,
  settleKey,
  type KeyRef,
} from './idempotency'
import {
  deleteAuth,
  deleteEvents,
  heldRecord,
  upsertAuth,
  upsertEvents,
  type Change,
  type Kind,
} from './mirror/store'
import { readClaims } from './service/account'
import type { ServiceReader } from './service/reader'
import { announceSessionEnd, sessionEndOf } from './sessions'
import { scopeOf, scopeTest, type Scope } from './scope'
import { readGroupsClaim } from '../src/features/session/token-claims'

/*
 * `/api/*` passed through to the service: the server's API key is added (a browser's is
 * replaced), the user's own token and database go along, hop-by-hop headers stay behind. Reads
 * stream through; a write's body is read (up to the limit) because the server keeps its
 * fingerprint for idempotency and its fields for the audit. After a successful write the mirror
 * takes the record from the answer (or reads it again), and the audit records each field changed.
 */

/** The largest request body passed on: the service's own limit. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Request headers the service is given; anything else (cookies, the browser's key) is not. */
const FORWARDED = [
  'authorization',
  'service-database',
  'content-type',
  'accept',
  'accept-language',
  'idempotency-key',
]

/** Headers that describe one connection, never passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Set again by this server for what it sends (fetch has already decoded the body).
  'content-length',
  'content-encoding',
  'set-cookie',
])

export function answerHeaders(from: Headers): Headers {
  const out = new Headers()
  const named = (from.get('connection') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  from.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !named.includes(name)) out.set(name, value)
  })
  return out
}

/** What a path is about: the record it reads or changes, by the service's paths. */
interface Target {
  /** Method and path pattern, for the audit. */
  operation: string
  kind: Kind | null
  /** The record's ID from the path, if one. */
  id: string | null
  /** What the answer's `data` is: the record, a batch's results, or neither. */
  answer: 'record' | 'auth-vba' | 'batch' | 'reread' | 'none'
  /** A read of one member record (audited). */
  memberRead: boolean
  /** A read of a list of events: the whole plan's (`plan`) or one user's (`user`). */
  eventList?: 'plan' | 'user'
}

const hasControl = (text: string) =>
  [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)

/**
 * The path below `/api` as the service is sent it, from the request's path as it came (still
 * percent-encoded): its segments unchanged, empty ones dropped, so the path the audit reads
 * (`targetOf`) is the path the service receives. Null for one that is no path of the service:
 * a segment that does not decode, or that decodes to `.` or `..`, or holds a slash, a backslash
 * or a control character (a URL parser reads `\` as `/` and resolves the dots, which would take
 * the request, with the server's API key, anywhere on the service's host).
 */
export function servicePath(raw: string): string | null {
  const segments = raw.split('/').filter(Boolean)
  for (const segment of segments) {
    let name: string
    try {
      name = decodeURIComponent(segment)
    } catch {
      return null
    }
    if (name === '.' || name === '..' || /[/\\]/.test(name) || hasControl(name)) return null
  }
  return `/${segments.join('/')}`
}

export function targetOf(method: string, path: string): Target {
  const s = path.split('/').filter(Boolean).map(decodeURIComponent)
  const t = (
    pattern: string,
    kind: Kind | null,
    id: string | null,
    answer: Target['answer'],
    memberRead = false,
  ): Target => ({ operation: `${method} ${pattern}`, kind, id, answer, memberRead })
  const [a, b, c, , e] = s
  if (a === 'events' && s.length === 1)
    return method === 'GET'
      ? { ...t('/events', 'event', null, 'none'), eventList: 'plan' }
      : t('/events', 'event', null, 'record')
  if (a === 'users' && s.length === 3 && c === 'events' && method === 'GET')
    return { ...t('/users/{userId}/events', 'event', null, 'none'), eventList: 'user' }
  if (a === 'events' && s.length === 2)
    return t('/events/{eventID}', 'event', b!, 'record', method === 'GET')
  if (a === 'events' && s.length === 3 && (c === 'snooze' || c === 'reschedule'))
    return t(`/events/{eventID}/${c}`, 'event', b!, 'record')
  if (a === 'events' && s.length === 3 && c === 'schedules')
    return t('/events/{eventID}/schedules', 'event', b!, 'none')
  if (a === 'events' && s.length === 5 && c === 'schedules' && e === 'next')
    return t('/events/{eventID}/schedules/{scheduleId}/next', 'event', b!, 'reread')
  if (a === 'events-batch') return t('/events-batch', 'event', null, 'batch')
  if (a === 'auths' && s.length === 1)
    return t('/auths', 'auth', null, method === 'PUT' ? 'batch' : 'record')
  if (a === 'auths' && s.length === 2)
    return t('/auths/{authNumber}', 'auth', b!, 'record', method === 'GET')
  if (a === 'auths' && s.length === 3 && c === 'adjust')
    return t('/auths/{authNumber}/adjust', 'auth', b!, 'record')
  if (a === 'auths' && s.length === 4 && c === 'process-status')
    return t('/auths/{authNumber}/process-status/{newAuthCode}', 'auth', b!, 'record')
  if (a === 'auths-vba' && s.length === 2)
    return t('/auths-vba/{authNumber}', 'auth', b!, 'auth-vba', method === 'GET')
  if (a === 'kick' && s.length === 2) return t('/kick/{userId}', null, b!, 'none')
  return t(`/${s.join('/')}`, null, null, 'none')
}

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The IDs a batch body names (those given; new items get theirs from the service). */
function batchIds(kind: Kind, body: unknown): string[] {
  if (!Array.isArray(body)) return []
  const field = kind === 'event' ? 'event_ID' : 'auth_Number'
  return body
    .map((item) => (isRecord(item) ? item[field] : null))
    .filter((v) => (typeof v === 'number' && v > 0) || (typeof v === 'string' && v !== ''))
    .map(String)
}

/** The IDs a batch answer says were written (status 200 or 201). */
function writtenIds(kind: Kind, data: unknown): string[] {
  if (!Array.isArray(data)) return []
  const field = kind === 'event' ? 'event_ID' : 'auth_Number'
  const ids: string[] = []
  for (const item of data) {
    if (!isRecord(item) || (item.status !== 200 && item.status !== 201)) continue
    const id = Array.isArray(item.id)
      ? (item.id as unknown[]).find((p) => isRecord(p) && p.key === field)
      : null
    const value = isRecord(id) ? id.value : null
    if (typeof value === 'number' || (typeof value === 'string' && value !== ''))
      ids.push(String(value))
  }
  return ids
}

const idOf = (kind: Kind, record: Rec) =>
  kind === 'event'
    ? typeof record.event_ID === 'number'
      ? String(record.event_ID)
      : null
    : typeof record.auth_Number === 'string'
      ? record.auth_Number
      : null

export interface ProxyDeps {
  config: ServerConfig
  storage: Storage
  reader: ServiceReader
  gate: Gate
  fetch?: typeof fetch
  /** This instance: it owns the keys of the writes it sends. */
  instanceId: string
  /** Told of each change this instance commits, before the writer hears back. */
  answers?: Pick<AnswerCache, 'changed'>
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * The address of the browser a request came from: the connection's, or, when that is a proxy on
 * this host (nginx in front, the dev server) or one of `trusted` (`TRUSTED_PROXIES`), the last
 * address that proxy appended to `X-Forwarded-For` (what the client wrote itself stands to its
 * left and is not believed).
 */
export function clientAddress(c: Context, trusted: readonly string[] = []): string | null {
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return null
  const socket = getConnInfo(c).remote.address ?? null
  const forwarded = c.req.header('x-forwarded-for')
  const believed =
    socket && (LOOPBACK.test(socket) || trusted.includes(socket.replace(/^::ffff:/, '')))
  if (!socket || !believed || !forwarded) return socket
  return (
    forwarded
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .at(-1) ?? socket
  )
}

export function proxyRoutes(deps: ProxyDeps) {
  const { config, storage, reader, instanceId } = deps
  const fetchImpl = deps.fetch ?? fetch
  const app = new Hono()

  async function send(c: Context, path: string, body: Uint8Array | null) {
    const headers = new Headers()
    for (const name of FORWARDED) {
      const value = c.req.header(name)
      if (value !== undefined) headers.set(name, value)
    }
    headers.set('x-api-key', config.serviceApiKey)
    // The service throttles sign-ins per client: it is told the browser's address, not only the
    // server's (a service that trusts no proxy ignores it).
    const client = clientAddress(c, config.trustedProxies ?? [])
    if (client) headers.set('x-forwarded-for', client)
    const search = new URL(c.req.url).search
    return fetchImpl(config.serviceUrl + path + search, {
      method: c.req.method,
      headers,
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    })
  }

  /**
   * The service cannot answer a read of one record: the mirror's copy, for a token the service
   * accepted before (the gate's verdict while it is down), marked as the copy (`X-Served-From:
   * mirror`, with when it was mirrored) and audited as a read from it. Null when there is none.
   */
  async function fromCopy(
    c: Context,
    target: Target,
    database: string | null,
    token: string | null,
    claims: ReturnType<typeof readClaims>,
  ): Promise<Response | null> {
    if (c.req.method !== 'GET' || !target.memberRead || !target.kind || target.id === null)
      return null
    if (!token || !database || !config.databases.includes(database)) return null
    if ((await deps.gate.check(token, database)) !== 'accepted') return null
    const table = target.kind === 'event' ? 'mirror_events' : 'mirror_auths'
    const key = target.kind === 'event' ? 'event_id' : 'auth_number'
    const id = target.kind === 'event' ? Number(target.id) : target.id
    if (target.kind === 'event' && !Number.isSafeInteger(id)) return null
    const { rows } = await storage.query<{ record: Rec; at: string }>(
      `SELECT record, to_char(mirrored_at AT TIME ZONE 'UTC',
         'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM ${table} WHERE database = $1 AND ${key} = $2`,
      [database, id],
    )
    const held = rows[0]
    if (!held) return null
    const activityId = crypto.randomUUID()
    await recordAudit(storage, [
      { ...readEntry(claims, target, database, 200, null), detail: { fromMirror: true } },
    ])
    return c.json({ data: held.record, error: null, debug: { activityID: activityId } }, 200, {
      'x-served-from': 'mirror',
      'x-mirrored-at': held.at,
    })
  }

  /** Reads the request body, refusing it past the limit while it arrives. */
  async function readBody(c: Context): Promise<Uint8Array | 'too-large'> {
    const declared = Number(c.req.header('content-length') ?? 0)
    if (declared > MAX_BODY_BYTES) return 'too-large'
    const stream = c.req.raw.body
    if (!stream) return new Uint8Array()
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) return 'too-large'
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  /**
   * A list of events the service answers, passed on with only the records `scope` takes (all
   * without one), its reading recorded in the audit with how many it named.
   */
  async function eventList(
    c: Context,
    path: string,
    target: Target,
    database: string | null,
    claims: ReturnType<typeof readClaims>,
    scope: Scope | null,
  ) {
    let response: Response
    try {
      response = await send(c, path, null)
    } catch (error) {
      return c.json(refusal(502, unreachable(error) ? DOWN : 'The service did not answer.'), 502)
    }
    const headers = answerHeaders(response.headers)
    if (!response.ok || database === null || !config.databases.includes(database))
      return new Response(response.body, { status: response.status, headers })
    let text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
    const records = isRecord(json) && Array.isArray(json.data) ? json.data : null
    if (scope && !records)
      // Nothing in it can be shown to be in the scope: none of it is passed on.
      return c.json(refusal(502, 'The service sent a list of events that could not be read.'), 502)
    let count = records?.length ?? null
    if (scope && records && isRecord(json)) {
      const inScope = records.filter(scopeTest(scope))
      count = inScope.length
      text = JSON.stringify({ ...json, data: inScope })
      headers.delete('etag')
    }
    await recordAudit(storage, [
      {
        ...readEntry(
          claims,
          target,
          database,
          response.status,
          parseEnvelope(text)?.activityId ?? null,
        ),
        detail: { count, ...(scope && { scoped: true }) },
      },
    ])
    return new Response(text, { status: response.status, headers })
  }

  app.all('/*', async (c) => {
    const path = servicePath(new URL(c.req.url).pathname.replace(/^\/api(?=\/|$)/, ''))
    if (path === null)
      return c.json(
        refusal(400, 'The path is not one of the service: a part of it cannot be read as a name.'),
        400,
      )
    const method = c.req.method
    const target = targetOf(method, path)
    const database = c.req.header('service-database') ?? null
    const token = bearerOf(c.req.header('authorization'))
    const claims = token ? readClaims(token) : null

    if (method === 'GET' && target.eventList) {
      // A list of events: only what the caller's scope finds (`EVENT_SCOPE`), and on record.
      const scope = scopeOf(callerOf(claims), config)
      if (scope && target.eventList === 'plan')
        return c.json(
          refusal(
            403,
            "Your role finds your own and your groups' events only: the list of every event is not open to it.",
          ),
          403,
        )
      return await eventList(c, path, target, database, claims, scope)
    }

    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      let response: Response
      try {
        response = await send(c, path, null)
      } catch (error) {
        return (
          (await fromCopy(c, target, database, token, claims)) ??
          c.json(refusal(502, unreachable(error) ? DOWN : 'The service did not answer.'), 502)
        )
      }
      if (response.status >= 502 && response.status <= 504) {
        const copy = await fromCopy(c, target, database, token, claims)
        if (copy) {
          await response.body?.cancel()
          return copy
        }
      }
      const headers = answerHeaders(response.headers)
      const wanted =
        method === 'GET' &&
        response.ok &&
        database !== null &&
        config.databases.includes(database) &&
        (target.memberRead || target.answer === 'auth-vba')
      if (!wanted) return new Response(response.body, { status: response.status, headers })
      // One record: small, read whole, so the auth is mirrored and the read audited.
      const text = await response.text()
      const envelope = parseEnvelope(text)
      const seen = await storage.transaction(async (tx) => {
        let changes: Change[] = []
        const data =
          target.answer === 'auth-vba'
            ? isRecord(envelope?.data)
              ? envelope.data.authDetail
              : null
            : envelope?.data
        // A record read that differs from the copy was changed past the console.
        // (The service's view of an auth, `auth-vba`, may hold it otherwise shaped: stored only.)
        if (isRecord(data) && target.kind === 'auth')
          changes =
            target.answer === 'auth-vba'
              ? await upsertAuth(tx, database, data)
              : await storeSeenAuth(tx, database, data)
        if (isRecord(data) && target.kind === 'event')
          changes = await storeSeenEvents(tx, database, [data])
        await announce(tx, changes)
        await recordAudit(tx, [
          readEntry(claims, target, database, response.status, envelope?.activityId ?? null),
        ])
        return changes
      })
      deps.answers?.changed(seen)
      return new Response(text, { status: response.status, headers })
    }

    const body = await readBody(c)
    if (body === 'too-large') {
      c.header('connection', 'close')
      return c.json(refusal(413, 'The request body is larger than 1 MB.'), 413)
    }

    // A write with a token is sent only for a database this server serves and a token the
    // service accepts (the gate's verdict, kept briefly): one it refuses reaches nothing and is
    // no one's to put on record. (A service that cannot check it now decides itself.)
    if (token) {
      if (!database || !config.databases.includes(database))
        return c.json(refusal(404, 'This server does not serve that database.'), 404)
      if ((await deps.gate.check(token, database)) === 'refused')
        return c.json(refusal(401, 'The service does not accept this token. Sign in again.'), 401)
    }

    // An Idempotency-Key is honoured for the user the service says the token is: a stored
    // answer is never handed to a token the service would refuse.
    const key = c.req.header('idempotency-key')
    let ref: KeyRef | null = null
    /** The records before an earlier attempt under this key (it died or lost its answer). */
    let earlier: Record<string, Rec | null> | null = null
    if (key !== undefined && token && database) {
      if (!KEY_PATTERN.test(key))
        return c.json(
          refusal(400, 'Idempotency-Key must be 1 to 255 printable characters, no spaces.'),
          400,
        )
      const verdict = await deps.gate.check(token, database)
      if (verdict === 'unavailable')
        return c.json(refusal(503, 'The service could not check the token; try again.'), 503)
      if (verdict === 'refused' || !claims)
        return c.json(refusal(401, 'The service does not accept this token. Sign in again.'), 401)
      ref = { userHash: sha256(claims.sub), key, database }
      const fingerprint = createHash('sha256')
        .update(method)
        .update('\0')
        .update(path + new URL(c.req.url).search)
        .update('\0')
        .update(body)
        .digest('hex')
      const claim = await claimKey(storage, ref, fingerprint, undefined, instanceId)
      if (claim.kind === 'replay') {
        const headers = new Headers(claim.headers)
        headers.set('idempotent-replayed', 'true')
        return new Response(claim.body, { status: claim.status, headers })
      }
      if (claim.kind === 'other-request')
        return c.json(
          refusal(422, 'This Idempotency-Key was already used for another request.'),
          422,
        )
      if (claim.kind === 'in-progress')
        return c.json(
          refusal(409, 'A request with this Idempotency-Key is still in progress; try again.'),
          409,
        )
      if (claim.intent) earlier = claim.intent as Record<string, Rec | null>
    }

    // The records as the mirror holds them before the write: the audit's "before".
    const known = database !== null && config.databases.includes(database)
    const parsedBody = parseJson(body)
    const beforeIds =
      target.kind === null
        ? []
        : target.id !== null
          ? [target.id]
          : target.answer === 'batch'
            ? batchIds(target.kind, parsedBody)
            : []
    const before = new Map<string, Rec | null>()
    if (known && target.kind)
      for (const id of beforeIds)
        before.set(id, await heldRecord(storage, database, target.kind, id))
    // Noted before the request leaves, so that if this process dies before the write is
    // recorded, the repeat that takes the key over records it with what it changed.
    if (ref && !earlier) await noteIntent(storage, ref, instanceId, Object.fromEntries(before))

    let response: Response
    let text: string
    try {
      response = await send(c, path, body)
      text = await response.text()
    } catch (error) {
      // The write may have been made: the key is kept for the repeat, which learns from the
      // service (answering the same key once) what became of it.
      if (ref) await abandonKey(storage, ref, instanceId).catch(() => undefined)
      // Refused at the door, it was not: nothing reached the service.
      if (unreachable(error))
        return c.json(
          refusal(503, `${DOWN} Nothing was written; try again once it is back.`, NOT_SENT_PROBLEM),
          503,
        )
      return c.json(
        refusal(502, 'The service did not answer; the write may or may not have been made.'),
        502,
      )
    }
    const headers = answerHeaders(response.headers)
    const envelope = parseEnvelope(text)
    // The service answered with the answer of an earlier attempt under this key: the write was
    // made then, and the records before it are those that attempt noted.
    const replayed = earlier !== null && response.headers.get('idempotent-replayed') === 'true'

    // What the write made: from the answer, or read again with the server's account.
    const after = new Map<string, Rec | null>()
    if (response.ok && known && target.kind) {
      const data = envelope?.data
      if (method === 'DELETE' && target.id !== null) after.set(target.id, null)
      else if (target.answer === 'record' && isRecord(data)) {
        const id = idOf(target.kind, data)
        if (id !== null) after.set(id, data)
      } else if (target.answer === 'batch' || target.answer === 'reread') {
        const ids = target.answer === 'batch' ? writtenIds(target.kind, data) : [target.id!]
        for (const id of ids) {
          const record = await reread(reader, database, target.kind, id).catch(() => undefined)
          if (record !== undefined) after.set(id, record)
        }
      }
    }

    // A token the service refused says who it claims to be, unchecked: not put on record as that
    // user (an audit search for them must not find it), only as what it claimed.
    const refused = response.status === 401
    // A sign-in or a renewal carries no bearer token: who it was is the token the service gave
    // back. (A refused one is kept out of the audit, below.)
    const session = SESSION_OPERATIONS.has(target.operation)
    const issued = session && response.ok ? issuedClaims(envelope?.data) : null
    const who = session ? issued : claims
    const audit: AuditEntry[] = []
    const base = {
      userId: refused ? null : (who?.sub ?? null),
      userName: refused ? null : (who?.name ?? null),
      action: 'write' as const,
      operation: target.operation,
      database,
      recordType: target.kind,
      status: response.status,
      activityId: envelope?.activityId ?? null,
      // A refused token's claims are only what it says: not checked by the service. A write
      // recorded from a repeat was made by the earlier attempt whose answer was lost.
      detail: refused
        ? {
            unverifiedUser: true,
            ...(claims?.sub !== undefined && { claimedUserId: claims.sub }),
          }
        : replayed
          ? { madeByEarlierAttempt: true }
          : kickResultOf(target.operation, envelope?.data),
    }
    for (const [id, record] of after) {
      // A record the earlier attempt did not note was new: it did not exist before it (the
      // mirror may hold it by now, read since).
      const was = replayed
        ? (earlier![id] ?? null)
        : before.has(id)
          ? before.get(id)!
          : known && target.kind
            ? await heldRecord(storage, database, target.kind, id)
            : null
      audit.push({ ...base, recordId: id, changes: changedFields(was, record) })
    }
    if (audit.length === 0) audit.push({ ...base, recordId: target.id, changes: null })
    // A request with no token the service refused (a failed sign-in, a write sent without
    // signing in) changed nothing and names no one: kept out of the audit, which keeps every
    // entry for years and must not grow at a stranger's pace.
    const onRecord = token !== null || response.ok

    // A sign-out or kick the service took: every instance's gate forgets those sessions (this
    // one at once, even if the record below fails).
    const sessionEnd = sessionEndOf(method, path, response.status, token)
    if (sessionEnd) deps.gate.forget(sessionEnd)

    // The service has answered: whatever happens here, the user gets that answer (refusing it
    // would not undo the write). A failure to record is logged by operation and status only.
    // The mirror, the audit and the key's answer are stored in one transaction: a crash leaves
    // all of them or none, never an answer kept whose write was not recorded (a repeat would
    // get that answer and the write would stay unrecorded) nor a write recorded whose key is
    // still pending (a repeat would record it twice).
    let committed: Change[] = []
    await storage
      .transaction(async (tx) => {
        const changes: Change[] = []
        committed = changes
        if (known && target.kind)
          for (const [id, record] of after) {
            if (target.kind === 'event')
              changes.push(
                ...(record
                  ? await upsertEvents(tx, database, [record])
                  : await deleteEvents(tx, database, [Number(id)])),
              )
            else
              changes.push(
                ...(record
                  ? await upsertAuth(tx, database, record, {
                      by: target.operation === 'PUT /auths' ? 'import' : 'console',
                      via: 'write',
                    })
                  : await deleteAuth(tx, database, id)),
              )
          }
        await announce(tx, changes)
        if (sessionEnd) await announceSessionEnd(tx, sessionEnd)
        // The sessions seen: those ended (the longest one's user, once the service named them),
        // and the last change of the session that made this one.
        const ended = endedByKick(sessionEnd, base.detail)
        if (ended && database) await endSessionsSeen(tx, ended, database)
        if (ended && database) await endPresence(tx, ended, database)
        if (response.ok && token)
          await tx.query('UPDATE console_sessions SET last_change = now() WHERE token_hash = $1', [
            sha256(token),
          ])
        // Not this instance's key any more (another took it over, taking this one for dead):
        // that one records the write.
        const mine =
          !ref ||
          (await settleKey(
            tx,
            ref,
            instanceId,
            response.ok
              ? { status: response.status, headers: Object.fromEntries(headers), body: text }
              : null,
          ))
        if (mine && onRecord) await recordAudit(tx, audit)
      })
      .then(() => deps.answers?.changed(committed))
      .catch(async (error: unknown) => {
        console.error(
          `server: the mirror and audit of ${target.operation} (${response.status}) could not be stored:`,
          (error as Error).name,
        )
        // Unrecorded, the key is given up: a repeat takes it over and records the write.
        if (ref) await abandonKey(storage, ref, instanceId).catch(() => undefined)
      })
    return new Response(text, { status: response.status, headers })
  })
  return app
}

/** The sessions a sign-out or kick ended, by whose they were when the service said. */
function endedByKick(end: SessionEnd | null, detail: Record<string, unknown> | null) {
  if (!end || !('all' in end)) return end
  const kicked = (detail?.kickResult as { user_ID?: string | null } | undefined)?.user_ID
  return kicked ? { userId: kicked } : null
}

/** What a kick ended (whose sessions, how many), for the administrators' log; null otherwise. */
function kickResultOf(operation: string, data: unknown) {
  if (!operation.startsWith('POST /kick') || !isRecord(data)) return null
  const { user_ID, sessionsEnded } = data
  return {
    kickResult: {
      user_ID: typeof user_ID === 'string' ? user_ID : null,
      sessionsEnded: typeof sessionsEnded === 'number' ? sessionsEnded : null,
    },
  }
}

/** The service's own sign-in operations: they carry credentials, not a bearer token. */
const SESSION_OPERATIONS = new Set(['POST /user-authentication', 'POST /user-refresh-tokens'])

/**
 * The claims of the ID token a sign-in or renewal answered with (`authenticationResult.idToken`,
 * the bearer token), or null.
 */
function issuedClaims(data: unknown) {
  const result = isRecord(data) ? data.authenticationResult : undefined
  const token = isRecord(result) ? result.idToken : undefined
  return typeof token === 'string' ? readClaims(token) : null
}

/** Who a token's claims say the caller is, as scoping reads them (none: no role, no group). */
function callerOf(claims: ReturnType<typeof readClaims>) {
  return {
    userId: claims?.sub ?? '',
    roles: claims?.roles ?? [],
    groups: readGroupsClaim(claims) ?? [],
  }
}

/** The audit entry of a read of one record by the token's user. */
function readEntry(
  claims: ReturnType<typeof readClaims>,
  target: Target,
  database: string,
  status: number,
  activityId: string | null,
): AuditEntry {
  return {
    userId: claims?.sub ?? null,
    userName: claims?.name ?? null,
    action: 'read',
    operation: target.operation,
    database,
    recordType: target.kind,
    recordId: target.id,
    status,
    activityId,
  }
}

const DOWN = 'The service cannot be reached.'

/** Whether a request failed before the service took it: the connection was refused. */
function unreachable(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause
  return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND'
}

async function reread(reader: ServiceReader, database: string, kind: Kind, id: string) {
  if (kind === 'event') {
    const n = Number(id)
    return Number.isInteger(n) ? ((await reader.event(database, n)) as Rec | null) : undefined
  }
  return reader.auth(database, id)
}

function parseJson(body: Uint8Array): unknown {
  if (body.length === 0) return undefined
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'))
  } catch {
    return undefined
  }
}

function parseEnvelope(text: string): { data: unknown; activityId: string | null } | null {
  try {
    const json = JSON.parse(text) as unknown
    if (!isRecord(json)) return null
    const debug = isRecord(json.debug) ? json.debug : null
    return {
      data: json.data,
      activityId: typeof debug?.activityID === 'string' ? debug.activityID : null,
    }
  } catch {
    return null
  }
}
