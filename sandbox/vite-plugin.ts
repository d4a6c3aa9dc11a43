import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { DEMO_PASSWORD } from './identity/users.ts'

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * Mounts the sandbox service at `/api` of the Vite dev and preview servers: one process, one
 * origin, no CORS. Loaded lazily so that building the app never opens a database.
 */
export function sandboxPlugin(): Plugin {
  let handler: Promise<Handler> | undefined
  const load = () =>
    (handler ??= (async () => {
      // Loaded through tsx at run time rather than bundled into Vite's config, so the sandbox
      // runs as the same modules `npm run sandbox` runs.
      const { tsImport } = await import('tsx/esm/api')
      const load = <T>(file: string) => tsImport(file, import.meta.url) as Promise<T>
      const [{ getRequestListener }, { createSandbox }, { configFromEnv }] = await Promise.all([
        import('@hono/node-server'),
        load<typeof import('./app')>('./app.ts'),
        load<typeof import('./config')>('./config.ts'),
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
  /** After Vite's URLs, say where the service is and how to sign in. */
  const announce = (server: {
    printUrls(): void
    config: { logger: { info(m: string): void } }
  }) => {
    const printUrls = server.printUrls.bind(server)
    server.printUrls = () => {
      printUrls()
      const key = process.env.SANDBOX_API_KEY || 'sandbox-key'
      server.config.logger.info(
        `  ➜  Sandbox service at /api. Sign in with API key ${key}, user admin, staff or support, password ${DEMO_PASSWORD}`,
      )
    }
  }
  return {
    name: 'benefits-sandbox',
    configureServer(server) {
      server.middlewares.use(middleware)
      announce(server)
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware)
      announce(server)
    },
  }
}
