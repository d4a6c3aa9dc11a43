import type { MiddlewareHandler } from 'hono'
import { refusal } from './gate'

/*
 * Text Postgres can hold: no NUL (a `text` or `jsonb` value refuses one) and no half of a UTF-16
 * pair (`jsonb` refuses `\ud800` alone). JSON and URLs can carry both; a request holding either
 * is refused before a route reads it, saying where, rather than failing in Postgres with a 500
 * after part of its work. What the server writes of others' text (the service's records in the
 * audit) is made storable instead (`storableJson`): a record is never lost for one character.
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
 * Where in a parsed JSON value a text Postgres cannot hold is (`filter.text`, `ids.3`), or that
 * it nests deeper than `maxDepth`; null when neither. Walked without recursion.
 */
export function unstorableIn(value: unknown, maxDepth = REQUEST_MAX_DEPTH): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!
    const where = () => path.join('.') || 'body'
    if (typeof v === 'string') {
      if (!isStorable(v)) return `${where()} holds a NUL or half of a character`
      continue
    }
    if (!v || typeof v !== 'object') continue
    if (path.length >= maxDepth) return `${where()} nests deeper than ${maxDepth} levels`
    for (const [key, inner] of Object.entries(v)) {
      if (!isStorable(key)) return `a name in ${where()} holds a NUL or half of a character`
      stack.push({ value: inner, path: [...path, key] })
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
 * Refuses (400) a request whose address or JSON body holds text Postgres cannot store, or a body
 * nesting past `REQUEST_MAX_DEPTH`. A body that is no JSON is left to the route, which says so.
 */
export const refuseUnstorable: MiddlewareHandler = async (c, next) => {
  const address = decodedAddress(c.req.url)
  if (address !== null && !isStorable(address))
    return c.json(refusal(400, 'The address holds a NUL or half of a character.'), 400)
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
