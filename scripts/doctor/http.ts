/**
 * HTTP for the doctor, with limits: every request has a timeout (`AbortSignal.timeout`), a body
 * is read only up to a cap, and nothing throws. A failure is described in words that never
 * quote a header (the token and API key travel in headers) or a body.
 */

export interface HttpLimits {
  timeoutMs: number
  maxBytes: number
  fetch?: typeof fetch
}

export interface Received {
  ok: true
  status: number
  headers: Headers
  contentType: string
  text: string
  bytes: number
}

export interface NotReceived {
  ok: false
  /** `redirect`: one that was not followed (to another origin, or too many). */
  failure: 'network' | 'timeout' | 'too-large' | 'redirect'
  /** What went wrong, fit for the report. */
  message: string
}

export type Answer = Received | NotReceived

export const DEFAULT_LIMITS: HttpLimits = { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024 }

const kB = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} kB`
      : `${Math.round((n / 1024 / 1024) * 10) / 10} MB`

/**
 * Sends one request and reads its body up to `limits.maxBytes`. A redirect is never followed
 * here (it is the answer, `Location` and all): the request carries the API key and a password
 * or token, which must not go to wherever a redirect points (see `context.ts`).
 */
export async function send(url: URL, init: RequestInit, limits: HttpLimits): Promise<Answer> {
  const signal = AbortSignal.timeout(limits.timeoutMs)
  const seconds = `${Math.round(limits.timeoutMs / 100) / 10} s`
  try {
    const response = await (limits.fetch ?? globalThis.fetch)(url, {
      ...init,
      redirect: 'manual',
      signal,
    })
    const declared = Number(response.headers.get('content-length') ?? NaN)
    if (declared > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined)
      return tooLarge(limits.maxBytes, response.status)
    }
    const body = await readCapped(response, limits.maxBytes)
    if (body === null) return tooLarge(limits.maxBytes, response.status)
    return {
      ok: true,
      status: response.status,
      headers: response.headers,
      contentType: response.headers.get('content-type') ?? '',
      text: new TextDecoder().decode(body),
      bytes: body.byteLength,
    }
  } catch (error) {
    if (signal.aborted)
      return { ok: false, failure: 'timeout', message: `no complete answer within ${seconds}` }
    return { ok: false, failure: 'network', message: networkMessage(error) }
  }
}

function tooLarge(max: number, status: number): NotReceived {
  return {
    ok: false,
    failure: 'too-large',
    message: `the answer (HTTP ${status}) is larger than ${kB(max)}; reading stopped there`,
  }
}

/** The body, or null once it passes `max` bytes (the rest is not read). */
async function readCapped(response: Response, max: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (nothing listens at that address and port)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved (DNS)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection closed before the answer was complete',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not name this host',
}

/**
 * Names the cause by its code only: the runtime's messages may quote a header value, which
 * could be the token.
 */
function networkMessage(error: unknown): string {
  let cause: unknown = error
  for (let depth = 0; depth < 4 && cause && typeof cause === 'object'; depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string') return `${NETWORK_CODES[code] ?? 'the request failed'} (${code})`
    cause = (cause as { cause?: unknown }).cause
  }
  return 'the request failed before an answer came (network error)'
}

/** The statuses that send the client elsewhere with `Location`. */
export const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status)

/** An origin for the report (a URL's scheme, host and port: never its path or query). */
export const originOf = (url: URL) => (url.origin === 'null' ? url.protocol : url.origin)

/** What a body is, in words, without quoting it. */
export function describeBody(answer: Received): string {
  const type = answer.contentType.split(';')[0]?.trim() || 'no content type'
  const size = kB(answer.bytes)
  const trimmed = answer.text.trim()
  if (trimmed === '') return `an empty body (HTTP ${answer.status})`
  if (/html/i.test(type) || /^<(!doctype|html|head|body)/i.test(trimmed))
    return `an HTML page (HTTP ${answer.status}, ${type}, ${size})`
  const json = parseJson(answer.text)
  if (json === undefined) return `a body that is not JSON (HTTP ${answer.status}, ${type}, ${size})`
  return `JSON (HTTP ${answer.status}, ${type}, ${size})`
}

/** The parsed JSON of a body, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export type StreamAnswer =
  | {
      ok: true
      status: number
      contentType: string
      /** The first message's event name (`message` when it names none), if one came in time. */
      firstEvent: string | undefined
    }
  | NotReceived

/** What a Server-Sent Events stream may send before its first message: a few comment lines. */
const STREAM_PREFIX_BYTES = 64 * 1024

/**
 * Opens a Server-Sent Events stream and waits up to `waitMs` for its first message, then closes
 * it. The answer never ends by itself, so `send` (which reads to the end) cannot be used. Only
 * the first message's event name is kept: its data is never read into the report.
 */
export async function openStream(
  url: URL,
  init: RequestInit,
  limits: HttpLimits,
  waitMs: number,
): Promise<StreamAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), Math.min(waitMs, limits.timeoutMs))
  let response: Response
  try {
    response = await (limits.fetch ?? globalThis.fetch)(url, {
      ...init,
      redirect: 'manual',
      signal: controller.signal,
    })
  } catch (error) {
    clearTimeout(timer)
    if (controller.signal.aborted)
      return {
        ok: false,
        failure: 'timeout',
        message: `no answer within ${Math.round(Math.min(waitMs, limits.timeoutMs) / 100) / 10} s`,
      }
    return { ok: false, failure: 'network', message: networkMessage(error) }
  }
  const contentType = response.headers.get('content-type') ?? ''
  let firstEvent: string | undefined
  if (response.body && /^text\/event-stream/i.test(contentType)) {
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    try {
      while (firstEvent === undefined && text.length < STREAM_PREFIX_BYTES) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
        // A message is a block of lines ending in a blank line, with at least one data line.
        for (const block of text.split(/\r?\n\r?\n/).slice(0, -1)) {
          const lines = block.split(/\r?\n/)
          if (!lines.some((l) => l.startsWith('data:'))) continue
          const named = lines.find((l) => l.startsWith('event:'))
          firstEvent = named ? named.slice(6).trim() : 'message'
          break
        }
      }
    } catch {
      // Aborted when the wait was over: no message came in time.
    }
  }
  clearTimeout(timer)
  controller.abort()
  return { ok: true, status: response.status, contentType, firstEvent }
}
