import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createForeground } from './foreground'

/** An app whose `/slow` answers when `release` is called, behind the foreground's count. */
function appWith(foreground: ReturnType<typeof createForeground>) {
  const app = new Hono()
  app.use('*', foreground.middleware)
  let release = () => undefined as void
  app.get('/slow', async (c) => {
    await new Promise<void>((resolve) => (release = resolve))
    return c.text('done')
  })
  app.get('/console-api/stream', (c) => c.text('a stream'))
  app.get('/fast', (c) => c.text('fast'))
  return { app, release: () => release() }
}

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))])

describe('background work gives way to people', () => {
  it('waits while a request is answered and a moment after, then goes on', async () => {
    const foreground = createForeground({ quietMs: 100, maxWaitMs: 5000 })
    const { app, release } = appWith(foreground)
    const answer = app.request('/slow')
    await new Promise((r) => setTimeout(r, 20))
    expect(foreground.busy()).toBe(1)
    const waited = foreground.quiet()
    expect(await settled(waited, 300)).toBe(false)
    const released = Date.now()
    release()
    expect(await (await answer).text()).toBe('done')
    expect(foreground.busy()).toBe(0)
    await waited
    // Not before the quiet moment after the answer.
    expect(Date.now() - released).toBeGreaterThanOrEqual(90)
  })

  it('never waits longer than its limit, however busy', async () => {
    const foreground = createForeground({ quietMs: 100, maxWaitMs: 300 })
    const { app, release } = appWith(foreground)
    const answer = app.request('/slow')
    await new Promise((r) => setTimeout(r, 20))
    const started = Date.now()
    await foreground.quiet()
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(280)
    expect(waited).toBeLessThan(2000)
    release()
    await answer
  })

  it('does not count an open stream, nor wait when nothing is asked', async () => {
    const foreground = createForeground({ quietMs: 100, maxWaitMs: 5000 })
    const { app } = appWith(foreground)
    await app.request('/console-api/stream')
    await app.request('/fast', { headers: { accept: 'text/event-stream' } })
    expect(foreground.busy()).toBe(0)
    const idle = createForeground({ quietMs: 100, maxWaitMs: 5000 })
    expect(await settled(idle.quiet(), 50)).toBe(true)
  })

  it('counts a request that fails as ended', async () => {
    const foreground = createForeground({ quietMs: 10, maxWaitMs: 5000 })
    const app = new Hono()
    app.use('*', foreground.middleware)
    app.get('/boom', () => {
      throw new Error('boom')
    })
    app.onError((_, c) => c.text('failed', 500))
    expect((await app.request('/boom')).status).toBe(500)
    expect(foreground.busy()).toBe(0)
    expect(await settled(foreground.quiet(), 200)).toBe(true)
  })
})
