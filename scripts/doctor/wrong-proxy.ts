import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A deliberately wrong service for the doctor's tests: a proxy in front of the real sandbox that
 * corrupts its answers the ways a real deployment might differ from the contract.
 *
 * - `GET /events` ignores `pageSize`, sends `reminder` as text and `due_Date` as `11/24/2026`;
 * - `GET /events/{id}` names `event_ID` `eventId`;
 * - `GET /priorities` answers without the envelope (the bare list);
 * - every 404 is a gateway's HTML page;
 * - no answer carries CORS headers;
 * - with `failFirstDelete`, the first `DELETE` is a 502 HTML page (later ones go through).
 */
export async function startWrongProxy(
  upstream: string,
  options: { failFirstDelete?: boolean } = {},
) {
  const upstreamUrl = new URL(upstream)
  let deletes = 0
  const server = createServer((req, res) => {
    void handle(req).then(({ status, headers, body }) => {
      res.writeHead(status, headers)
      res.end(body)
    })
  })

  async function handle(req: IncomingMessage) {
    const url = new URL(req.url ?? '/', upstreamUrl.origin)
    const route = url.pathname.slice(upstreamUrl.pathname.length)
    const html = (status: number, title: string) => ({
      status,
      headers: { 'content-type': 'text/html' },
      body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
    })
    if (req.method === 'DELETE' && options.failFirstDelete && deletes++ === 0)
      return html(502, '502 Bad Gateway')
    if (req.method === 'GET' && route === '/events') url.searchParams.delete('pageSize')

    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
    const answer = await fetch(url, { method: req.method ?? 'GET', headers, body })
    if (answer.status === 404) return html(404, '404 Not Found')

    let text = await answer.text()
    const type = answer.headers.get('content-type') ?? ''
    if (req.method === 'GET' && text.startsWith('{')) {
      const json = JSON.parse(text) as { data: unknown }
      if (route === '/events' && Array.isArray(json.data))
        json.data = json.data.map((event: Record<string, unknown>) => ({
          ...event,
          reminder: String(event.reminder),
          due_Date: americanDate(event.due_Date),
        }))
      if (/^\/events\/\d+$/.test(route) && json.data) {
        const { event_ID, ...rest } = json.data as Record<string, unknown>
        json.data = { eventId: event_ID, ...rest }
      }
      text = JSON.stringify(route === '/priorities' ? json.data : json)
    }
    // Only these headers pass: no Access-Control-* at all.
    return { status: answer.status, headers: type ? { 'content-type': type } : {}, body: text }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${upstreamUrl.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** `2026-11-24T09:30:00` as `11/24/2026`. */
function americanDate(value: unknown) {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value
}
