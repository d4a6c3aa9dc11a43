import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
// With its extension: Vite loads its config (and this) natively, without a bundler's resolution.
import { PRECOMPRESSED_EXTENSIONS } from '../scripts/vite-precompress.ts'
import { DEMO_PASSWORD, SERVICE_ACCOUNT, signInUsers, userGroups } from './identity/users.ts'

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
        ...(consoleServerOn() && { consoleServer: '/console-api/' }),
        // `EVENT_INDEX=browser`: each tab keeps its own index of the plan (`server`, or unset:
        // the views ask the console server, no tab holds the plan).
        ...(consoleServerOn() &&
          ['server', 'browser'].includes(process.env.EVENT_INDEX ?? '') && {
            eventIndex: process.env.EVENT_INDEX,
          }),
        directory: {
          people: signInUsers.map((u) => ({ id: u.userId, name: u.name })),
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
 * The close of the last console server a closing Vite server left (a restart makes a new Vite
 * server, and loads this module again, in the same process): on the process's global object.
 */
/** The build's hashed files, as deploy/nginx names them: served from there for a year. */
const HASHED_ASSET = new RegExp(
  `^/assets/[A-Za-z0-9_][A-Za-z0-9._-]*-[A-Za-z0-9_-]{8}\\.(${PRECOMPRESSED_EXTENSIONS.join('|')})$`,
)

/**
 * The preview keeps the build's hashed files as a deployment does (deploy/nginx): a browser then
 * opens a page it has the code of without asking again, so what is measured against the preview
 * is what a user of a deployment gets. Vite's own answer revalidates every file.
 */
const keptAssets: Handler = (req, res, next) => {
  if (HASHED_ASSET.test((req.url ?? '').split('?', 1)[0] ?? ''))
    res.setHeader('cache-control', 'public, max-age=31536000, immutable')
  next()
}

const CLOSING = Symbol.for('benefits-sandbox.console-server-closing')
const closing = () => (globalThis as Record<symbol, Promise<void> | undefined>)[CLOSING]
const setClosing = (done: Promise<void>) => {
  ;(globalThis as Record<symbol, Promise<void> | undefined>)[CLOSING] = done
}

/** Whether `npm start` and `npm run preview` run the console server too (`CONSOLE_SERVER=off`: not). */
const consoleServerOn = () => process.env.CONSOLE_SERVER !== 'off'

/** `/api` (the service, or the console server passing it through) and `/console-api`. */
const ownPath = (url: string | undefined, withServer: boolean) =>
  url === '/api' ||
  !!url?.startsWith('/api/') ||
  (withServer && (url === '/console-api' || !!url?.startsWith('/console-api/')))

type Loader = <T>(file: string) => Promise<T>
type Sandbox = ReturnType<typeof import('./app').createSandbox>
type SandboxSettings = ReturnType<typeof import('./config').configFromEnv>

/**
 * The console's own server in front of the sandbox, as a deployment runs it: the sandbox listens
 * on a port of its own (127.0.0.1 only), the server reads it over HTTP with its service account,
 * keeps its copy in an embedded Postgres beside the sandbox's data (`.console-data/` for the
 * sandbox's default folder) and answers `/api` (passed through, the API key added) and
 * `/console-api` on the console's origin.
 */
async function startConsoleServer(
  service: Sandbox | { url: string },
  settings: SandboxSettings,
  load: Loader,
) {
  const [{ serve }, { createConsoleServer }, { configFromEnv }] = await Promise.all([
    import('@hono/node-server'),
    load<typeof import('../server/server')>('../server/server.ts'),
    load<typeof import('../server/config')>('../server/config.ts'),
  ])
  // The sandbox made here listens on a port of its own, let go when the console server closes or
  // fails to start (a retry, or a restarted Vite server, listens again on SANDBOX_PORT).
  let closeListener = async () => undefined as void
  const url =
    'url' in service
      ? service.url
      : `http://127.0.0.1:${await new Promise<number>((resolve, reject) => {
          const http = serve(
            {
              fetch: service.fetch,
              port: Number(process.env.SANDBOX_PORT || 0),
              hostname: '127.0.0.1',
            },
            (info) => resolve(info.port),
          )
          http.once('error', reject)
          closeListener = () =>
            new Promise<void>((done) => {
              if ('closeAllConnections' in http) http.closeAllConnections()
              http.close(() => done())
            })
        })}/api`
  const ownData = process.env.SANDBOX_DATA_DIR ? path.join(settings.dataDir, 'console-server') : ''
  const config = configFromEnv({
    ...process.env,
    SERVICE_URL: url,
    SERVICE_API_KEY: settings.apiKey,
    SERVICE_DATABASES: settings.databases.join(','),
    SERVICE_USERNAME: SERVICE_ACCOUNT.userId,
    SERVICE_PASSWORD: DEMO_PASSWORD,
    SERVICE_TOKEN_FILE: '',
    CONSOLE_DATA_DIR: process.env.CONSOLE_DATA_DIR || ownData,
    MIRROR_POLL_SECONDS: process.env.MIRROR_POLL_SECONDS || '1',
  })
  const server = await createConsoleServer(config).catch(async (error: unknown) => {
    await closeListener()
    throw error
  })
  return {
    fetch: server.fetch,
    async close() {
      try {
        await server.close()
      } finally {
        await closeListener()
      }
    },
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
  /** Closes what was started for this Vite server: the console server and the sandbox. */
  let closeServer: (() => Promise<void>) | undefined
  /**
   * When the Vite server closes (a restart of `npm start` makes a new one in this process), its
   * console server closes too, so the next one can open the same data folder.
   */
  const closeWith = (httpServer: { once(event: 'close', f: () => void): unknown } | null) =>
    httpServer?.once('close', () => {
      // A start still under way is let finish, then closed, so nothing keeps the folder open.
      const started = handler
      handler = undefined
      setClosing(
        Promise.resolve(started)
          .catch(() => undefined)
          .then(() => {
            const close = closeServer
            closeServer = undefined
            return close?.()
          })
          .catch((error: unknown) => console.error('console server close:', error)),
      )
    })
  const load = () =>
    (handler ??= (async () => {
      // The console server of a Vite server this process closed lets its data folder go first.
      await closing()
      // Loaded through tsx at run time rather than bundled into Vite's config, so the sandbox
      // (and the console server) run as the same modules `npm run sandbox` runs.
      const { tsImport } = await import('tsx/esm/api')
      const load = <T>(file: string) => tsImport(file, import.meta.url) as Promise<T>
      const [{ getRequestListener }, { createSandbox }, { configFromEnv }] = await Promise.all([
        import('@hono/node-server'),
        load<typeof import('./app')>('./app.ts'),
        load<typeof import('./config')>('./config.ts'),
      ])
      // Same origin as the console: no other origin is allowed, whatever SANDBOX_CORS_ORIGINS
      // says (that is for the sandbox alone on its port).
      const withServer = consoleServerOn()
      const config = {
        ...configFromEnv(),
        corsOrigins: [],
        // Behind the console server the sandbox learns each browser's address from it (on this
        // host, over loopback); alone, it believes no forwarded address.
        trustedProxies: withServer ? ['127.0.0.1', '::ffff:127.0.0.1'] : [],
      }
      // A sandbox already serving in a process of its own (the browser benchmarks start one, as
      // a deployment's service runs apart): the console server reads that one, none is made here.
      const apart = withServer ? process.env.SANDBOX_SERVICE_URL : undefined
      const sandbox = apart ? null : createSandbox(config)
      const server = withServer
        ? await startConsoleServer(sandbox ?? { url: apart! }, config, load).catch(
            (error: unknown) => {
              // A retry opens the sandbox's databases again: these are let go.
              sandbox?.close()
              throw error
            },
          )
        : null
      closeServer = async () => {
        try {
          await server?.close()
        } finally {
          sandbox?.close()
        }
      }
      const listener = getRequestListener(server ? server.fetch : sandbox!.fetch)
      return (req, res, next) => {
        if (ownPath(req.url, server !== null)) void listener(req, res)
        else next()
      }
    })())
  const middleware: Handler = (req, res, next) => {
    if (!ownPath(req.url, consoleServerOn())) return next()
    load().then(
      (h) => h(req, res, next),
      (error: unknown) => {
        // The next request tries again (a folder still being let go by a closing server).
        handler = undefined
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
        `  ➜  Sandbox service at /api. Sign in with API key ${key}, user admin, staff, support or compliance, password ${DEMO_PASSWORD}`,
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
      closeWith(server.httpServer)
      announce(server)
    },
    configurePreviewServer(server) {
      server.middlewares.use(configJson(() => server.config.preview.headers))
      server.middlewares.use(keptAssets)
      server.middlewares.use(middleware)
      closeWith(server.httpServer)
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
