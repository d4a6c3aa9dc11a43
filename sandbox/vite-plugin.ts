import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
// With its extension: Vite loads its config (and this) natively, without a bundler's resolution.
import { DEMO_PASSWORD, sandboxUsers, userGroups } from './identity/users.ts'

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * The console's config.json for the sandbox (`serviceUrl: /api`, `sandbox: true`: the sign-in
 * page shows the demo API key and passwords). The dev and preview servers serve it at
 * `/config.json`; the production build never holds it (a copy of `dist/` would ship it).
 */
export const SANDBOX_CONSOLE_CONFIG = path.join(import.meta.dirname, 'console-config.json')

/** Serves SANDBOX_CONSOLE_CONFIG at /config.json, read at each request, never cached. */
function configJson(headers: () => OutgoingHttpHeaders | undefined): Handler {
  return (req, res, next) => {
    const pathname = (req.url ?? '').split('?', 1)[0]
    if (pathname !== '/config.json' || !['GET', 'HEAD'].includes(req.method ?? '')) return next()
    // The sandbox's people and groups by name, from the same list its tokens come from.
    const body = Buffer.from(
      JSON.stringify({
        ...(JSON.parse(readFileSync(SANDBOX_CONSOLE_CONFIG, 'utf8')) as object),
        directory: {
          people: sandboxUsers.map((u) => ({ id: u.userId, name: u.name })),
          groups: userGroups.map((g) => ({ key: g.key, name: g.name })),
        },
      }),
    )
    res.writeHead(200, {
      ...headers(),
      'content-type': 'application/json',
      'content-length': body.byteLength,
      'cache-control': 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

/**
 * Mounts the sandbox service at `/api` of the Vite dev and preview servers: one process, one
 * origin, no CORS: no other origin may read it (vite.config.ts turns Vite's own CORS off).
 * Loaded lazily so that building the app never opens a database. Serves the sandbox's config.json
 * beside the app, and fails a build whose output holds a config.json.
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
      // Same origin as the console: no other origin is allowed, whatever SANDBOX_CORS_ORIGINS
      // says (that is for the sandbox alone on its port).
      const sandbox = createSandbox({ ...configFromEnv(), corsOrigins: [] })
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
  let outDir = 'dist'
  let publicDir = ''
  let building = false
  return {
    name: 'benefits-sandbox',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      publicDir = config.publicDir
      building = config.command === 'build'
    },
    // public/ is copied into the build as it is: a config.json there would ship in every copy.
    // Refused before anything is built, and again below once the output is written.
    buildStart() {
      if (building && publicDir && existsSync(path.join(publicDir, 'config.json')))
        this.error(
          `${path.join(publicDir, 'config.json')}: public/ is copied into the build, which must not hold a config.json. The sandbox's is sandbox/console-config.json, served by the dev and preview servers; a deployment's sits beside the build on its host.`,
        )
    },
    configureServer(server) {
      server.middlewares.use(configJson(() => server.config.server.headers))
      server.middlewares.use(middleware)
      announce(server)
    },
    configurePreviewServer(server) {
      server.middlewares.use(configJson(() => server.config.preview.headers))
      server.middlewares.use(middleware)
      announce(server)
    },
    // Every copy of the build (rsync, the image) would ship a config.json in it: a deployment
    // writes its own beside the build, and the sandbox's is served by the plugin only.
    writeBundle(_options, bundle) {
      if ('config.json' in bundle || existsSync(path.join(outDir, 'config.json')))
        this.error(
          `${path.join(outDir, 'config.json')}: the build must not hold a config.json (a copy of it would ship one; a public/config.json is copied in). The sandbox's is sandbox/console-config.json, served by the dev and preview servers; a deployment's sits beside the build on its host.`,
        )
    },
  }
}
