// A faulty link between the console and a real service, for tests of writes whose answer is
// lost: the request reaches the service (which saves it) and the answer never comes back.

/** What the link does to one request. */
export type Loss =
  /** The service saves it; the connection is reset before the answer. */
  | 'reset-after'
  /** The service saves it; a gateway answers 504 in its place. */
  | 'gateway-after'
  /** A gateway answers 504 before the service sees it: nothing is saved. */
  | 'gateway-before'
  /** The connection drops before the service sees it: nothing is saved, nothing is said. */
  | 'reset-before'
  | null

/**
 * `fetch` through a link that loses what `lose` says for each request (method and path, and how
 * many such requests came before); every other request passes untouched.
 */
export function lossyFetch(
  service: typeof globalThis.fetch,
  lose: (request: { method: string; path: string; nth: number }) => Loss,
) {
  const seen = new Map<string, number>()
  const counts = { lost: 0, passed: 0 }
  const gateway = () =>
    new Response('<html><body>504 Gateway Time-out</body></html>', {
      status: 504,
      headers: { 'content-type': 'text/html' },
    })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname.replace(/^\/api/, '')
    const key = `${request.method} ${path}`
    const nth = seen.get(key) ?? 0
    seen.set(key, nth + 1)
    const loss = lose({ method: request.method, path, nth })
    if (loss === 'gateway-before') {
      counts.lost++
      return gateway()
    }
    if (loss === 'reset-before') {
      counts.lost++
      throw new TypeError('Failed to fetch')
    }
    const response = await service(request)
    if (loss === null) {
      counts.passed++
      return response
    }
    await response.text()
    counts.lost++
    if (loss === 'gateway-after') return gateway()
    throw new TypeError('Failed to fetch')
  }
  return { fetch, counts }
}
