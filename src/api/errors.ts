import type { z } from 'zod'
import { problemSchema, type Problem } from './schemas/problem'

/**
 * The three ways a service call can fail. Every one names the operation; none ever carries the
 * token, the API key, the Authorization header or the request body (not in the message, not in a
 * property, not as a `cause`).
 */
export abstract class ServiceError extends Error {
  readonly operation: string

  protected constructor(operation: string, message: string) {
    super(message)
    this.operation = operation
  }
}

/** Longest body text an `ApiError` keeps from an answer that was not an envelope. */
export const RAW_BODY_LIMIT = 2000

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in or the session has expired',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Request too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
}

/** A human phrase for an HTTP status, e.g. `404 Not found`. */
export function describeStatus(status: number): string {
  const text =
    STATUS_TEXT[status] ??
    (status >= 500 ? 'Server error' : status >= 400 ? 'Request failed' : 'Unexpected status')
  return `${status} ${text}`
}

export interface ApiErrorInit {
  operation: string
  status: number
  /** Problem details, raw: parsed here leniently. */
  problem?: unknown
  activityId?: string | undefined
  /** Body text of an answer that was not an envelope (gateway JSON, text, HTML, empty). */
  rawBody?: string | undefined
}

/** The service (or a gateway in front of it) answered with a problem. */
/**
 * The problem type of the console server's answer to a write it could not pass on (the service
 * refused the connection): certainly not made, unlike an answer lost on the way.
 */
export const NOT_SENT_PROBLEM = 'urn:console:not-sent'

export class ApiError extends ServiceError {
  override readonly name = 'ApiError'
  /** HTTP status (or the problem's own status when a 2xx envelope carried an error). */
  readonly status: number
  readonly problem: Problem
  /** `debug.activityID` of the answer: identifies the request in the service's logs. */
  readonly activityId: string | undefined
  /** The body text, only when the answer was not an envelope; at most ~2000 characters. */
  readonly rawBody: string | undefined

  constructor(init: ApiErrorInit) {
    const problem = parseProblem(init.problem, init.status)
    super(init.operation, problem.detail || problem.title || describeStatus(init.status))
    this.status = init.status
    this.problem = problem
    this.activityId = init.activityId
    this.rawBody =
      init.rawBody === undefined
        ? undefined
        : init.rawBody.length > RAW_BODY_LIMIT
          ? `${init.rawBody.slice(0, RAW_BODY_LIMIT)}…`
          : init.rawBody
  }

  /** Field-level messages the problem carries (`{ field: message }`); `{}` when none. */
  fieldErrors(): Record<string, string> {
    return this.problem.errors ?? {}
  }
}

function parseProblem(raw: unknown, status: number): Problem {
  const parsed = problemSchema.safeParse(
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {},
  )
  const problem: Problem = parsed.success ? parsed.data : { type: 'about:blank' }
  return { ...problem, status: problem.status ?? status }
}

export type NetworkErrorKind = 'unreachable' | 'timeout' | 'aborted' | 'no-session'

const NETWORK_MESSAGES: Record<NetworkErrorKind, string> = {
  unreachable: 'The service could not be reached. Check the connection and the service address.',
  timeout: 'The service did not answer in time.',
  aborted: 'The request was cancelled.',
  'no-session': 'Nothing was sent: the console is locked or signed out.',
}

/**
 * No answer arrived. A CORS refusal looks exactly like an unreachable host to a browser, so it is
 * reported as `unreachable` too.
 */
export class NetworkError extends ServiceError {
  override readonly name = 'NetworkError'
  readonly kind: NetworkErrorKind

  constructor(operation: string, kind: NetworkErrorKind, message?: string) {
    super(operation, message ?? NETWORK_MESSAGES[kind])
    this.kind = kind
  }
}

/** The answer arrived but did not have the shape the contract describes. */
export class ResponseShapeError extends ServiceError {
  override readonly name = 'ResponseShapeError'
  /** Dotted path of the first field that did not match, e.g. `data[3].event_ID`, or `(body)`. */
  readonly path: string
  readonly issues: z.core.$ZodIssue[]
  readonly activityId: string | undefined

  constructor(init: {
    operation: string
    path: string
    issues?: z.core.$ZodIssue[]
    activityId?: string | undefined
    detail?: string
  }) {
    const first = init.issues?.[0]
    const detail = init.detail ?? first?.message ?? 'unexpected value'
    super(
      init.operation,
      `The service's answer to ${init.operation} did not have the expected shape at ${init.path}: ${detail}`,
    )
    this.path = init.path
    this.issues = init.issues ?? []
    this.activityId = init.activityId
  }
}

/** `['data', 3, 'event_ID']` -> `data[3].event_ID`. */
export function formatIssuePath(root: string, path: readonly PropertyKey[]): string {
  let out = root
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += `${out ? '.' : ''}${String(part)}`
  }
  return out
}

/**
 * Whether a write that ended in this error may have been saved all the same, so that what the
 * service holds must be read before saying "failed" or sending it again: no answer arrived (the
 * connection was reset, the time ran out, the request was cancelled after it left), a gateway
 * answered in the service's place (502, 503, 504, 408), the service failed (500) possibly after
 * writing, or its answer could not be read. A refusal (any other status) and a request never sent
 * (no session) are known not saved.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof NetworkError) return error.kind !== 'no-session'
  // The console's own server could not reach the service at all: the write never left.
  if (error instanceof ApiError && error.problem.type === NOT_SENT_PROBLEM) return false
  if (error instanceof ApiError) return error.status === 408 || error.status >= 500
  return error instanceof ResponseShapeError
}
