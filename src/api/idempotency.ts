/**
 * Idempotency keys for the writes that create records (`POST /events`, `PUT /events-batch`,
 * `POST /auths`, `PUT /auths`). A service that honours the `Idempotency-Key` header (the sandbox
 * and the console's server do) answers a repeat of the same request with the first answer and
 * creates nothing twice, so a request the browser repeats after a connection reset, or one the
 * console sends again to learn what became of it, is safe. A service that does not know the
 * header may refuse it in a CORS preflight, so it is sent only when `config.json` says
 * `"idempotencyKeys": true`.
 *
 * The key belongs to the body object: sending the same object again (the same batch, re-sent to
 * confirm it) sends the same key; another object is another request.
 */
let enabled = false
const keys = new WeakMap<object, string>()

/** Turns the header on or off (from `config.json`). */
export function setIdempotencyKeys(on: boolean) {
  enabled = on
}

/** Whether the service honours keys (a batch may then be sent again to learn its fate). */
export const idempotencyKeysOn = () => enabled

/** The key of a body, made once per object; undefined while keys are off. */
export function idempotencyKeyOf(body: object): string | undefined {
  if (!enabled) return undefined
  let key = keys.get(body)
  if (!key) {
    // 128 random bits (randomUUID exists only in secure contexts).
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('')
    keys.set(body, key)
  }
  return key
}
