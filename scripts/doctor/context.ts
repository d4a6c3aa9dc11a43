import type { z } from 'zod/mini'
import type { DoctorOptions } from './args'
import {
  describeBody,
  isRedirect,
  originOf,
  parseJson,
  send,
  type Answer,
  type HttpLimits,
  type Received,
} from './http'
import type { Check, Outcome } from './report'
import type { Secrets } from './secrets'

/**
 * What the checks share: the options and secrets, the token once signed in, the answers kept
 * for the date survey, the checks so far, and `request`, which sends what the console sends
 * (`Accept: application/json`, the bearer token, `x-api-key`, `service-database`, and
 * `content-type: application/json` with a body).
 */

export type RequestAuth =
  'bearer' | 'none' | { basic: { username: string; password: string } } | { bearer: string }

export interface RequestSpec {
  method?: string
  /** Below the base URL, path parameters encoded. */
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  auth?: RequestAuth
  /** Headers to add or replace; null leaves a header out. */
  headers?: Record<string, string | null>
}

/** Objects of the service's data, kept to survey their date forms afterwards. */
export interface Sample {
  source: string
  items: unknown[]
  /** A schema of one item or of a list (`objectShape` reads both). */
  schema: z.ZodMiniType
}

export interface DoctorContext {
  options: DoctorOptions
  /** The timeout and body cap every request has (checks that send their own use them too). */
  limits: HttpLimits
  secrets: Secrets
  token: string | undefined
  /** Whose events `GET /users/{userId}/events` reads: the signed-in user or the token's `sub`. */
  userId: string | undefined
  /** Set when the service could not be reached at all: later checks are skipped. */
  unreachable: string | undefined
  samples: Sample[]
  checks: Check[]
  request(spec: RequestSpec): Promise<Answer>
  add(
    group: string,
    name: string,
    outcome: Outcome,
    expected: string,
    got: string,
    details?: string[],
  ): void
}

/** Redirects followed within the service's origin before giving up. */
const MAX_REDIRECTS = 5

export function createContext(
  options: DoctorOptions,
  secrets: Secrets,
  limits: HttpLimits,
): DoctorContext {
  let timeouts = 0
  const serviceOrigin = new URL(options.url).origin
  const reported = new Set<string>()
  const reportOnce = (key: string, report: () => void) => {
    if (reported.has(key)) return
    reported.add(key)
    report()
  }

  /**
   * Sends a request, following a redirect only within the service's origin (the one the secrets
   * were given for), where the request is sent again as it was. A redirect to another origin is
   * not followed: the request carries the API key and a password or token. Each place the
   * service redirects to is reported once, by its origin (a path may name a record).
   */
  async function follow(url: URL, init: RequestInit): Promise<Answer> {
    for (let hops = 0; ; hops++) {
      const answer = await send(url, init, limits)
      if (!answer.ok || !isRedirect(answer.status)) return answer
      const { status } = answer
      const location = answer.headers.get('location')
      let next: URL
      try {
        if (!location) return answer
        next = new URL(location, url)
      } catch {
        return answer
      }
      if (next.origin !== serviceOrigin) {
        const where = originOf(next)
        reportOnce(`elsewhere ${where}`, () =>
          ctx.add(
            'redirects',
            'to another origin',
            'FAIL',
            `answers from the service's own origin (${serviceOrigin})`,
            `HTTP ${status} to ${where}: not followed, so the API key, password and token were not sent there`,
            [
              "the console's requests would be redirected there too; point --url (and config.json's serviceUrl) at the service itself",
            ],
          ),
        )
        return {
          ok: false,
          failure: 'redirect',
          message: `redirected (HTTP ${status}) to another origin, ${where}: not followed`,
        }
      }
      // A browser does not follow a redirected preflight; neither does the doctor.
      if (init.method === 'OPTIONS') return answer
      if (hops >= MAX_REDIRECTS)
        return {
          ok: false,
          failure: 'redirect',
          message: `more than ${MAX_REDIRECTS} redirects within ${serviceOrigin}`,
        }
      reportOnce('within', () =>
        ctx.add(
          'redirects',
          "within the service's origin",
          'WARN',
          'answers without a redirect',
          `HTTP ${status} to another path of ${serviceOrigin}: followed, secrets re-sent to that origin only`,
          [
            'the browser follows it too, at the cost of a round trip per request; --url and serviceUrl could point where it leads',
          ],
        ),
      )
      // As fetch does: a 303, and a 301 or 302 after a POST, continue as a GET without the body.
      const method = init.method ?? 'GET'
      const toGet =
        status === 303
          ? method !== 'GET' && method !== 'HEAD'
          : (status === 301 || status === 302) && method === 'POST'
      if (toGet) {
        const headers = new Headers(init.headers)
        headers.delete('content-type')
        init = { ...init, method: 'GET', headers, body: undefined }
      }
      url = next
    }
  }

  const ctx: DoctorContext = {
    options,
    limits,
    secrets,
    token: undefined,
    userId: undefined,
    unreachable: undefined,
    samples: [],
    checks: [],
    async request(spec) {
      const url = new URL(`${options.url}/${spec.path.replace(/^\/+/, '')}`)
      for (const [key, value] of Object.entries(spec.query ?? {}))
        if (value !== undefined) url.searchParams.set(key, String(value))
      const headers = new Headers({ accept: 'application/json' })
      const auth = spec.auth ?? 'bearer'
      if (auth === 'bearer' && ctx.token) headers.set('authorization', `Bearer ${ctx.token}`)
      else if (typeof auth === 'object' && 'bearer' in auth)
        headers.set('authorization', `Bearer ${auth.bearer}`)
      else if (typeof auth === 'object') {
        const basic = Buffer.from(`${auth.basic.username}:${auth.basic.password}`, 'utf8')
        headers.set('authorization', `Basic ${basic.toString('base64')}`)
      }
      headers.set('x-api-key', secrets.apiKey)
      headers.set('service-database', options.database)
      if (spec.body !== undefined) headers.set('content-type', 'application/json')
      for (const [name, value] of Object.entries(spec.headers ?? {}))
        if (value === null) headers.delete(name)
        else headers.set(name, value)
      const init: RequestInit = { method: spec.method ?? 'GET', headers }
      if (spec.body !== undefined) init.body = JSON.stringify(spec.body)
      if (ctx.unreachable)
        return { ok: false, failure: 'network', message: `not sent: ${ctx.unreachable}` }
      const answer = await follow(url, init)
      // Unreachable: refused, unresolvable, or two timeouts in a row. Later requests are not sent.
      timeouts = !answer.ok && answer.failure === 'timeout' ? timeouts + 1 : 0
      if (!answer.ok && (answer.failure === 'network' || timeouts >= 2))
        ctx.unreachable = answer.message
      return answer
    },
    add(group, name, outcome, expected, got, details = []) {
      ctx.checks.push({ group, name, outcome, expected, got, details })
    },
  }
  return ctx
}

export interface EnvelopeAnswer {
  received: Received
  envelope: Record<string, unknown>
  data: unknown
  error: unknown
  activityId: string | undefined
}

/**
 * The envelope of an answer, as the console reads it (a JSON object with `data`, `error` or
 * `debug`); otherwise what came instead, in words.
 */
export function readEnvelope(
  answer: Answer,
): { ok: true; value: EnvelopeAnswer } | { ok: false; got: string } {
  if (!answer.ok) return { ok: false, got: answer.message }
  const json = parseJson(answer.text)
  const isEnvelope =
    json !== null &&
    typeof json === 'object' &&
    !Array.isArray(json) &&
    ('data' in json || 'error' in json || 'debug' in json)
  if (!isEnvelope) {
    const what = describeBody(answer)
    const instead = Array.isArray(json) ? ': a bare array, not the envelope' : ', not the envelope'
    return { ok: false, got: json === undefined ? what : `${what}${instead}` }
  }
  const envelope = json as Record<string, unknown>
  const debug = envelope.debug as { activityID?: unknown } | null | undefined
  return {
    ok: true,
    value: {
      received: answer,
      envelope,
      data: envelope.data,
      error: envelope.error ?? undefined,
      activityId: typeof debug?.activityID === 'string' ? debug.activityID : undefined,
    },
  }
}

/** `HTTP 404` with the problem's title when there is one (a title names a kind, not a record). */
export function describeStatus(status: number, error: unknown): string {
  const title = (error as { title?: unknown } | undefined)?.title
  return typeof title === 'string' && title.length <= 80
    ? `HTTP ${status} (problem: "${title}")`
    : `HTTP ${status}`
}

export const is2xx = (status: number) => status >= 200 && status < 300
