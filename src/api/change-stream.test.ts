import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { followChanges, type ServerChange } from './change-stream'

let server: Server | undefined
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
)

/** A real HTTP server whose stream answers are written by `answer`, one call per connection. */
async function streamServer(answer: (res: ServerResponse, call: number, auth: string) => void) {
  let calls = 0
  server = createServer((req, res) => answer(res, ++calls, req.headers.authorization ?? ''))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/console-api/stream`
}

const change = (id: string): ServerChange => ({
  database: 'demo',
  kind: 'event',
  id,
  update_Date: '2026-11-26T10:00:00Z',
  op: 'upsert',
})
const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })

describe('following the console server changes', () => {
  it('reads each change, skips keep-alives and what is not a change, sends the token', async () => {
    const tokens: string[] = []
    const url = await streamServer((res, _call, auth) => {
      tokens.push(auth)
      sse(res)
      res.write(': keep-alive\n\n')
      res.write(`data: ${JSON.stringify(change('1'))}\n\n`)
      res.write('data: {not json\n\n')
      res.write(`data: ${JSON.stringify({ ...change('2'), op: 'rewrite' })}\n\n`)
      // One message split across two writes.
      const text = `data: ${JSON.stringify(change('3'))}\n\n`
      res.write(text.slice(0, 10))
      setTimeout(() => res.write(text.slice(10)), 20)
    })
    const seen: string[] = []
    const stop = new AbortController()
    const done = followChanges({
      url,
      token: () => 'token-1',
      signal: stop.signal,
      onChange: (c) => {
        seen.push(c.id)
        if (c.id === '3') stop.abort()
      },
    })
    await done
    expect(seen).toEqual(['1', '3'])
    expect(tokens).toEqual(['Bearer token-1'])
  })

  it('opens the stream again when it drops, with the token of the moment', async () => {
    const tokens: string[] = []
    const url = await streamServer((res, call, auth) => {
      tokens.push(auth)
      if (call === 1) {
        res.writeHead(503)
        return res.end()
      }
      sse(res)
      res.end(`data: ${JSON.stringify(change(String(call)))}\n\n`)
    })
    let token = 0
    const opened: number[] = []
    const seen: string[] = []
    const stop = new AbortController()
    await followChanges({
      url,
      token: () => `token-${++token}`,
      signal: stop.signal,
      onOpen: () => opened.push(token),
      onChange: (c) => {
        seen.push(c.id)
        if (seen.length === 2) stop.abort()
      },
    })
    expect(seen).toEqual(['2', '3'])
    expect(tokens).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3'])
    expect(opened).toEqual([2, 3])
  }, 15_000)

  it('ends when told to, even while waiting to reconnect', async () => {
    const url = await streamServer((res) => {
      res.writeHead(500)
      res.end()
    })
    const stop = new AbortController()
    const done = followChanges({ url, token: () => 't', signal: stop.signal, onChange: () => {} })
    setTimeout(() => stop.abort(), 100)
    const started = Date.now()
    await done
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
