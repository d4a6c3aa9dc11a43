import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from '../src/api/schemas/zod'
import type { Db } from './db/sqlite'

export interface SessionUser {
  userId: string
  sessionId: string
  roles: string[]
}

export type SandboxEnv = {
  Variables: {
    activityId: string
    user: SessionUser
    db: Db
    database: string
  }
}

export type Ctx = Context<SandboxEnv>

/** Largest request body the sandbox reads. */
export const MAX_BODY_BYTES = 1024 * 1024

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

/** A problem to answer with; thrown from handlers and turned into the envelope by `onError`. */
export class Problem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly extra: {
      title?: string
      type?: string
      errors?: Record<string, string>
      /** Extension members of the problem details (RFC 9457), e.g. the current version. */
      members?: Record<string, unknown>
    } = {},
  ) {
    super(detail)
  }
}

/** A success envelope. `contentType` lets `GET /events` answer text/plain as the service does. */
export function ok(
  c: Ctx,
  data: unknown,
  status: ContentfulStatusCode = 200,
  contentType?: string,
) {
  const body = JSON.stringify({ data, debug: { activityID: c.get('activityId') } })
  return c.body(body, status, {
    'content-type': contentType ?? 'application/json; charset=utf-8',
  })
}

/** An error envelope with problem details whose `status` equals the HTTP status. */
export function problemResponse(c: Ctx, problem: Problem) {
  const body = {
    data: null,
    error: {
      type: problem.extra.type ?? 'about:blank',
      title: problem.extra.title ?? STATUS_TITLES[problem.status] ?? 'Error',
      status: problem.status,
      detail: problem.detail,
      instance: new URL(c.req.url).pathname,
      ...(problem.extra.errors ? { errors: problem.extra.errors } : {}),
      ...problem.extra.members,
    },
    debug: { activityID: c.get('activityId') },
  }
  return c.json(body, problem.status)
}

/** Names each failing field and what was wrong with it. */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix = '',
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = prefix + (issue.path.map(String).join('.') || '(body)')
    errors[key] ??= issue.message
  }
  return errors
}

export function validationProblem(issues: readonly z.core.$ZodIssue[], prefix = ''): Problem {
  const errors = fieldErrors(issues, prefix)
  return new Problem(400, `Invalid fields: ${Object.keys(errors).join(', ')}`, {
    title: 'Validation failed',
    errors,
  })
}

/** Reads a JSON body: over 1 MB is 413, malformed JSON is 400. */
export async function readJson(c: Ctx): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) throw new Problem(413, 'The request body is larger than 1 MB.')
  const text = await c.req.text()
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new Problem(413, 'The request body is larger than 1 MB.')
  if (text.trim() === '') throw new Problem(400, 'The request needs a JSON body.')
  try {
    return JSON.parse(text)
  } catch {
    throw new Problem(400, 'The request body is not valid JSON.', { title: 'Malformed JSON' })
  }
}

/** Reads and validates a JSON body with a contract schema; wrong types are 400 naming the fields. */
export async function readBody<S extends z.core.$ZodType>(c: Ctx, schema: S): Promise<z.infer<S>> {
  const raw = await readJson(c)
  const parsed = z.safeParse(schema, raw)
  if (!parsed.success) throw validationProblem(parsed.error.issues)
  return parsed.data
}

/** A whole number from a path parameter, else 404 (an ID that cannot exist). */
export function intParam(c: Ctx, name: string): number {
  const text = c.req.param(name) ?? ''
  const n = Number(text)
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n > 2147483647 || n < -2147483648)
    throw new Problem(400, `Path parameter ${name} must be a 32-bit integer, got "${text}".`, {
      errors: { [name]: 'Expected an integer' },
    })
  return n
}

export function requireRole(c: Ctx, role: string, ...alternatives: string[]) {
  const roles = [role, ...alternatives]
  if (!roles.some((r) => c.get('user').roles.includes(r)))
    throw new Problem(403, `This operation needs the ${roles.join(' or ')} role.`, {
      title: 'Forbidden',
    })
}

/** Auths are changed by support staff and admins; everyone signed in may read them. */
export const requireAuthWriter = (c: Ctx) => requireRole(c, 'support', 'admin')
