import { z } from './schemas/zod'
import { ApiError, NetworkError, ResponseShapeError, formatIssuePath } from './errors'
import { envelopeSchema } from './schemas/envelope'
import { safeParseInSlices } from './records'

/** Where and as whom requests go. Read afresh on every request, never captured. */
export interface Connection {
  /** Service address including its path prefix, e.g. `https://host/svc/v1`, or relative (`/api`). */
  baseUrl: string
  apiKey: string
  /** Bearer token (the ID token); empty when not signed in. */
  token: string
  /** Target database, sent as `service-database`. */
  database: string
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type QueryValue = string | number | boolean | null | undefined

export type OperationAuth = 'bearer' | { basic: { username: string; password: string } } | 'none'

/** One call of the service: what to send and the schema its `data` must satisfy. */
export interface Operation<S extends z.core.$ZodType = z.core.$ZodType> {
  /** Operation name, used in errors (e.g. `getEvent`). */
  name: string
  method: HttpMethod
  /** Path below the base URL, path parameters already encoded. */
  path: string
  /** Query parameters; `undefined` and `null` are left out. */
  query?: Record<string, QueryValue>
  /** Sent as JSON when present. */
  body?: unknown
  schema: S
  /** Default `'bearer'`. */
  auth?: OperationAuth
  /** Whether a 401 may be answered by re-authenticating and retrying (default true). */
  reauthenticate?: boolean
  /** Sent as `Idempotency-Key` (`api/idempotency.ts`): a repeat of this request creates nothing. */
  idempotencyKey?: string | undefined
}

export interface RequestOptions {
  signal?: AbortSignal | undefined
  /** Overrides the connection's database (query functions pass the one of their query key). */
  database?: string | undefined
  timeoutMs?: number | undefined
}

export interface ApiClientOptions {
  fetch?: typeof fetch
  /**
   * Called when a bearer request answers 401. Resolves true once the user has a new token (the
   * request is then retried once, reading the connection afresh), false to let the 401 through.
   */
  onUnauthorized?: (error: ApiError) => Promise<boolean>
  /** Default 30 s. */
  timeoutMs?: number
  /**
   * Gives the thread back between slices of a long record list (see `safeParseInSlices`): the
   * page's client passes one, so reading thousands of records never blocks input; a worker's
   * client has no page to keep responsive and reads a list in one go.
   */
  pause?: () => Promise<void>
}

/** A successful answer with the envelope's `debug.activityID` (absent when the service sent none). */
export interface Answer<T> {
  data: T
  activityId: string | undefined
}

export interface ApiClient {
  request<S extends z.core.$ZodType>(
    operation: Operation<S>,
    options?: RequestOptions,
  ): Promise<z.output<S>>
  /**
   * As `request`, with the activity ID of the answer: for operations whose success the console
   * records for staff to quote (ending a session).
   */
  requestWithActivity<S extends z.core.$ZodType>(
    operation: Operation<S>,
    options?: RequestOptions,
  ): Promise<Answer<z.output<S>>>
  /**
   * The same client (the session's connection, its 401s) at another base URL: the console
   * server's own routes (`consoleServer` in the runtime config) beside the service's.
   */
  at(baseUrl: string): ApiClient
}

export const DEFAULT_TIMEOUT_MS = 30_000

/**
 * Schema for operations whose `data` carries nothing the console uses (delete, logout): whatever
 * arrives, including nothing at all, becomes `null`.
 */
export const noDataSchema = z.pipe(
  z.unknown(),
  z.transform((): null => null),
)

/**
 * A client of the service. `getConnection` is called on every request, so a new token, API key
 * or database takes effect on the next call. Returns the parsed `data` of the envelope or throws
 * `ApiError`, `ResponseShapeError` or `NetworkError`.
 */
export function createApiClient(
  getConnection: () => Connection,
  options: ApiClientOptions = {},
): ApiClient {
  const attempt = async <S extends z.core.$ZodType>(
    operation: Operation<S>,
    requestOptions: RequestOptions = {},
  ): Promise<Answer<z.output<S>>> => {
    const name = operation.name
    const connection = getConnection()
    // Locked or signed out there is no token, and a request without one is never sent.
    if ((operation.auth ?? 'bearer') === 'bearer' && !connection.token)
      throw new NetworkError(name, 'no-session')
    const secrets = secretsOf(connection, operation.auth)
    const url = buildUrl(name, connection.baseUrl, operation.path, operation.query)
    let headers: Headers
    try {
      headers = buildHeaders(connection, operation, requestOptions.database)
    } catch {
      // Headers reject control characters; the runtime's message would quote the value.
      throw new NetworkError(
        name,
        'unreachable',
        'The connection settings contain characters that cannot be sent. Check the API key and token.',
      )
    }
    const init: RequestInit = { method: operation.method, headers }
    if (operation.body !== undefined) init.body = JSON.stringify(operation.body)

    const callerSignal = requestOptions.signal
    if (callerSignal?.aborted) throw new NetworkError(name, 'aborted')
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onCallerAbort = () => controller.abort()
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
    init.signal = controller.signal

    let status: number
    let text: string
    try {
      const doFetch = options.fetch ?? globalThis.fetch
      const response = await doFetch(url, init)
      status = response.status
      text = await response.text()
    } catch {
      // The original error is dropped on purpose: some runtimes put header values (the token)
      // into the message of a TypeError.
      if (timedOut) throw new NetworkError(name, 'timeout')
      if (callerSignal?.aborted || controller.signal.aborted)
        throw new NetworkError(name, 'aborted')
      throw new NetworkError(name, 'unreachable')
    } finally {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    }

    return readAnswer(operation, status, text, secrets, options.pause)
  }

  const requestWithActivity = async <S extends z.core.$ZodType>(
    operation: Operation<S>,
    requestOptions: RequestOptions = {},
  ): Promise<Answer<z.output<S>>> => {
    try {
      return await attempt(operation, requestOptions)
    } catch (error) {
      const bearer = (operation.auth ?? 'bearer') === 'bearer'
      if (
        !bearer ||
        operation.reauthenticate === false ||
        !options.onUnauthorized ||
        !(error instanceof ApiError) ||
        error.status !== 401 ||
        requestOptions.signal?.aborted
      )
        throw error
      if (!(await options.onUnauthorized(error))) throw error
      return attempt(operation, requestOptions)
    }
  }

  return {
    requestWithActivity,
    request: async (operation, requestOptions) =>
      (await requestWithActivity(operation, requestOptions)).data,
    at: (baseUrl) => createApiClient(() => ({ ...getConnection(), baseUrl }), options),
  }
}

async function readAnswer<S extends z.core.$ZodType>(
  operation: Operation<S>,
  status: number,
  text: string,
  secrets: string[],
  pause: (() => Promise<void>) | undefined,
): Promise<Answer<z.output<S>>> {
  const name = operation.name
  const ok = status >= 200 && status < 300
  const json = parseJson(text)
  const envelope = json.ok && isEnvelopeLike(json.value) ? envelopeSchema.parse(json.value) : null

  if (!envelope) {
    if (ok) {
      // An empty 2xx (e.g. 204) is acceptable when the operation expects no data.
      if (text.trim() === '') {
        const empty = z.safeParse(operation.schema, undefined)
        if (empty.success) return { data: empty.data, activityId: undefined }
      }
      throw new ResponseShapeError({
        operation: name,
        path: '(body)',
        detail: json.ok ? 'not an envelope' : text.trim() === '' ? 'empty body' : 'not JSON',
      })
    }
    const raw = redact(text, secrets)
    throw new ApiError({
      operation: name,
      status,
      problem: problemFromForeignBody(json.ok ? redactDeep(json.value, secrets) : undefined),
      rawBody: raw,
    })
  }

  const activityId = envelope.debug?.activityID
  if (!ok || envelope.error) {
    const problem = envelope.error ? redactDeep(envelope.error, secrets) : undefined
    const problemStatus = envelope.error?.status
    throw new ApiError({
      operation: name,
      status: ok && problemStatus && problemStatus >= 400 ? problemStatus : status,
      problem,
      activityId,
    })
  }

  const parsed = pause
    ? await safeParseInSlices(operation.schema, envelope.data, pause)
    : z.safeParse(operation.schema, envelope.data)
  if (!parsed.success) {
    const issues = parsed.error.issues
    throw new ResponseShapeError({
      operation: name,
      path: formatIssuePath('data', issues[0]?.path ?? []),
      issues,
      activityId,
    })
  }
  return { data: parsed.data, activityId }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** An envelope is a JSON object with at least one of `data`, `error`, `debug`. */
function isEnvelopeLike(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    ('data' in value || 'error' in value || 'debug' in value)
  )
}

/**
 * Problem details from an answer that is not an envelope: a bare problem document is used as it
 * is; a gateway's `{ "message": "..." }` becomes the detail; anything else gives no problem.
 */
function problemFromForeignBody(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const record = value as Record<string, unknown>
  if ('title' in record || 'detail' in record || 'type' in record) return record
  if (typeof record.message === 'string') return { detail: record.message }
  return undefined
}

function buildUrl(
  operation: string,
  baseUrl: string,
  path: string,
  query: Record<string, QueryValue> | undefined,
): URL {
  const joined = `${baseUrl.trim().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  let url: URL
  try {
    // A relative service URL is relative to where the console is served (index.html's <base>),
    // not to the page's path; in the index's worker the URL is already absolute.
    const scope = globalThis as { document?: { baseURI?: string }; location?: { href?: string } }
    const base = scope.document?.baseURI ?? scope.location?.href
    url = base ? new URL(joined, base) : new URL(joined)
  } catch {
    throw new NetworkError(
      operation,
      'unreachable',
      'The service address is not a valid URL. Check the connection settings.',
    )
  }
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, String(value))
  }
  return url
}

function buildHeaders(
  connection: Connection,
  operation: Operation,
  database: string | undefined,
): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  const auth = operation.auth ?? 'bearer'
  if (auth === 'bearer') {
    if (connection.token) headers.set('Authorization', `Bearer ${connection.token}`)
  } else if (auth !== 'none') {
    const { username, password } = auth.basic
    headers.set('Authorization', `Basic ${base64Utf8(`${username}:${password}`)}`)
  }
  if (connection.apiKey) headers.set('x-api-key', connection.apiKey)
  headers.set('service-database', database ?? connection.database)
  if (operation.body !== undefined) headers.set('Content-Type', 'application/json')
  if (operation.idempotencyKey) headers.set('Idempotency-Key', operation.idempotencyKey)
  return headers
}

function base64Utf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Values that must never reach an error: token, API key, Basic credentials. */
function secretsOf(connection: Connection, auth: OperationAuth | undefined): string[] {
  const secrets = [connection.token, connection.apiKey]
  if (auth && typeof auth === 'object') {
    const { username, password } = auth.basic
    secrets.push(password, base64Utf8(`${username}:${password}`))
  }
  // Very short values would blank out ordinary words; they are not worth guarding this way.
  return secrets.filter((s) => s.length >= 4)
}

function redact(text: string, secrets: string[]): string {
  let out = text
  for (const secret of secrets) out = out.split(secret).join('[redacted]')
  return out
}

function redactDeep(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') return redact(value, secrets)
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)] as const),
    )
  }
  return value
}
