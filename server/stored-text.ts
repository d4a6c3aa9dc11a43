import type { MiddlewareHandler } from 'hono'
import { refusal } from './gate'

/*
 * Text Postgres can hold: no NUL (a `text` or `jsonb` value refuses one) and no half of a UTF-16
 * pair (`jsonb` refuses `\ud800` alone; as a `text` parameter the drivers send it as U+FFFD).
 * A request holding a NUL is refused before a route reads it, saying where, rather than failing
 * in Postgres with a 500 after part of its work. JSON the server writes (a view's state, the
 * service's records, the audit) is made storable instead (`storableJson`): a record is never lost
 * for one character.
 */

/** How deep a request's JSON may nest: the console's own bodies are a few levels deep. */
export const REQUEST_MAX_DEPTH = 32

/** A NUL, or half of a UTF-16 pair without its other half (matched as code units). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g')

/** Whether Postgres can store this text as it is. */
export const isStorable = (text: string) => !UNSTORABLE.test(text)

/** The text with each NUL and each half of a pair as U+FFFD, the replacement character. */
export const storable = (text: string) =>
  isStorable(text) ? text : text.replace(UNSTORABLE_ALL, '\uFFFD')

/** `JSON.stringify` of a value whose every text and key Postgres's `jsonb` can hold. */
export const storableJson = (value: unknown) =>
  JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (typeof v === 'string') return storable(v)
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v)
      if (keys.every(isStorable)) return v
      return Object.fromEntries(keys.map((k) => [storable(k), (v as Record<string, unknown>)[k]]))
    }
    return v
  })

/**
 * Where in a parsed JSON value a NUL is (`filter.text`, `ids.3`), or that it nests deeper than
 * `maxDepth`; null when neither. Half a character is let through: Postgres's drivers send it as
 * U+FFFD, and JSON the server writes goes through `storableJson`. Walked without recursion, and
 * without a path unless one is refused (a 256 kB list of numbers is walked in a few ms).
 */
export function unstorableIn(value: unknown, maxDepth = REQUEST_MAX_DEPTH): string | null {
  type Frame = { value: object; depth: number; parent: Frame | null; key: string }
  const where = (frame: Frame | null, key?: string) => {
    const path: string[] = key === undefined ? [] : [key]
    for (let f = frame; f && f.parent; f = f.parent) path.unshift(f.key)
    return path.join('.') || 'body'
  }
  if (typeof value === 'string') return value.includes('\u0000') ? 'body holds a NUL' : null
  if (!value || typeof value !== 'object') return null
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: '' }]
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.depth >= maxDepth) return `${where(frame)} nests deeper than ${maxDepth} levels`
    const array = Array.isArray(frame.value)
    const keys = array ? null : Object.keys(frame.value)
    const count = array ? (frame.value as unknown[]).length : keys!.length
    for (let i = 0; i < count; i++) {
      const key = array ? String(i) : keys![i]!
      if (!array && key.includes('\u0000')) return `a name in ${where(frame)} holds a NUL`
      const inner = array
        ? (frame.value as unknown[])[i]
        : (frame.value as Record<string, unknown>)[key]
      if (typeof inner === 'string') {
        if (inner.includes('\u0000')) return `${where(frame, key)} holds a NUL`
      } else if (inner && typeof inner === 'object')
        stack.push({ value: inner, depth: frame.depth + 1, parent: frame, key })
    }
  }
  return null
}

/** The address's path and query as text, or null when its escapes are no UTF-8. */
function decodedAddress(url: string): string | null {
  const { pathname, search } = new URL(url)
  try {
    return decodeURIComponent(pathname + search.replaceAll('+', ' '))
  } catch {
    return null
  }
}

/**
 * Refuses (400) a request whose address or JSON body holds a NUL, or a body nesting past
 * `REQUEST_MAX_DEPTH`. A body that is no JSON is left to the route, which says so.
 */
export const refuseUnstorable: MiddlewareHandler = async (c, next) => {
  const address = decodedAddress(c.req.url)
  if (address !== null && address.includes('\u0000'))
    return c.json(refusal(400, 'The address holds a NUL.'), 400)
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const text = await c.req.text()
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    const problem = body === undefined ? null : unstorableIn(body)
    if (problem)
      return c.json(refusal(400, `The request is not one the server reads: ${problem}.`), 400)
  }
  await next()
}
