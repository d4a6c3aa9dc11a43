import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * Mounts the sandbox service at `/api` of the Vite dev and preview servers: one process, one
 * origin, no CORS. Loaded lazily so that building the app never opens a database.
 */
export function sandboxPlugin(): Plugin {
  let handler: Promise<Handler> | undefined
  const load = () =>
    (handler ??= (async () => {
      const [{ getRequestListener }, { createSandbox }, { configFromEnv }] = await Promise.all([
        import('@hono/node-server'),
        import('./app'),
        import('./config'),
      ])
      const sandbox = createSandbox(configFromEnv())
      const listener = getRequestListener(sandbox.fetch)
      return (req, res, next) => {
        if (req.url === '/api' || req.url?.startsWith('/api/')) void listener(req, res)
        else next()
      }
    })())
  const middleware: Handler = (req, res, next) => {
    if (!(req.url === '/api' || req.url?.startsWith('/api/'))) return next()
    load().then(
      (h) => h(req, res, next),
      (error: unknown) => {
        console.error('sandbox failed to start:', error)
        res.statusCode = 503
        res.end('Sandbox service failed to start; see the server log.')
      },
    )
  }
  return {
    name: 'benefits-sandbox',
    configureServer(server) {
      server.middlewares.use(middleware)
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware)
    },
  }
}
