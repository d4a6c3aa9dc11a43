import { Hono } from 'hono'
import type { ServerConfig } from './config'
import type { Storage } from './db/storage'

export interface ServerDeps {
  config: ServerConfig
  storage: Storage
}

/** Our own answers use the service's envelope, so the console reads them with one client. */
export function problem(status: number, detail: string, title?: string) {
  return {
    data: null,
    error: { type: 'about:blank', title: title ?? 'Error', status, detail },
    debug: { activityID: crypto.randomUUID() },
  }
}

/** The console's server as a Hono app: `/console-api/*` of its own, `/api/*` passed through. */
export function createConsoleApp(_deps: ServerDeps) {
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    // Answers may hold member data: no browser or proxy cache may keep them.
    c.res.headers.set('cache-control', 'no-store')
    c.res.headers.set('x-content-type-options', 'nosniff')
  })
  app.onError((error, c) => {
    // The message of an unexpected error may quote a request; only its kind is logged.
    console.error('server: unhandled error:', error.name)
    return c.json(problem(500, 'The console server failed to handle this request.'), 500)
  })
  app.notFound((c) => c.json(problem(404, 'There is no such route.', 'Not Found'), 404))
  return app
}
