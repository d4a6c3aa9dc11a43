import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { sandboxClock, type SandboxConfig } from './config'
import { requireApiKey, requireDatabase, type SandboxApp, type SandboxContext } from './context'
import { openBusiness } from './db/business'
import type { Db } from './db/sqlite'
import { MAX_BODY_BYTES, Problem, problemResponse, type SandboxEnv } from './http'
import { openIdentity } from './identity/store'
import { verifyJwt } from './identity/tokens'
import { signInRoutes } from './identity/sign-in-routes'
import { sessionRoutes } from './identity/session-routes'
import { eventRoutes } from './events/routes'
import { lookupRoutes } from './lookups/routes'
import { authRoutes } from './auths/routes'
import { openApiRoutes } from './openapi/routes'

export type { SandboxApp, SandboxContext } from './context'

function loadSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'token-secret')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
}

export interface SandboxOptions {
  /**
   * The sandbox's clock; by default the real one, or the one `SANDBOX_TODAY` starts. Tests pass a
   * clock they move, to see what happens later without waiting for it.
   */
  clock?: () => Date
}

/** Builds the sandbox service: a Hono app under `/api`, usable with or without a port. */
export function createSandbox(config: SandboxConfig, options: SandboxOptions = {}) {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const identity = openIdentity(config.dataDir, {
    idle: config.sessionIdle,
    max: config.sessionMax,
    reuseGrace: config.refreshReuseGrace,
    perUser: config.sessionsPerUser,
  })
  const open = new Map<string, Db>()
  const now = options.clock ?? sandboxClock(config.today)
  const ctx: SandboxContext = {
    config,
    identity,
    secret: loadSecret(config.dataDir),
    now,
    business(name) {
      let db = open.get(name)
      if (!db) {
        db = openBusiness(config.dataDir, name, {
          seed: config.seed,
          events: config.events,
          now: now(),
        })
        open.set(name, db)
      }
      return db
    },
  }

  const app: SandboxApp = new Hono<SandboxEnv>().basePath('/api')

  app.use('*', async (c, next) => {
    c.set('activityId', crypto.randomUUID())
    await next()
    // The sandbox's own clock (SANDBOX_TODAY may move it): clients and tests can agree with it.
    c.res.headers.set('date', now().toUTCString())
    // Answers hold member data: no browser or proxy cache may keep them.
    c.res.headers.set('cache-control', 'no-store')
    // Every answer is JSON: a browser must never read one as another type (script, HTML).
    c.res.headers.set('x-content-type-options', 'nosniff')
  })
  // Bodies are counted while they are read, chunked or not: the first byte over the limit ends
  // the request with 413, so memory stays flat whatever a client sends.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        c.header('connection', 'close')
        return problemResponse(c, new Problem(413, 'The request body is larger than 1 MB.'))
      },
    }),
  )
  app.use(
    '*',
    cors({
      origin: config.corsOrigins,
      allowHeaders: [
        'authorization',
        'content-type',
        'x-api-key',
        'service-database',
        'idempotency-key',
      ],
      exposeHeaders: ['idempotent-replayed'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  )

  app.onError((error, c) => {
    if (error instanceof Problem) return problemResponse(c, error)
    console.error('sandbox: unhandled error', error instanceof Error ? error.message : error)
    return problemResponse(c, new Problem(500, 'The sandbox failed to handle this request.'))
  })

  /** Answers 405 when the path exists under another method, else 404. */
  app.notFound((c) => {
    const pathname = new URL(c.req.url).pathname
    const allowed = new Set<string>()
    for (const route of app.routes) {
      if (route.method === 'ALL' || route.path.includes('*')) continue
      const pattern = new RegExp(
        '^' + route.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+') + '$',
      )
      if (pattern.test(pathname)) allowed.add(route.method)
    }
    if (allowed.size > 0) {
      c.header('allow', [...allowed].join(', '))
      return problemResponse(c, new Problem(405, `${c.req.method} is not allowed on ${pathname}.`))
    }
    return problemResponse(c, new Problem(404, `There is no operation at ${pathname}.`))
  })

  // Each resource is a sub-router. Public first: the document and sign-in.
  app.route('/', openApiRoutes())
  app.route('/', signInRoutes(ctx))

  // Every operation below needs the API key, a live session's bearer token and a database.
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    requireApiKey(config, c.req.header('x-api-key'))
    const auth = c.req.header('authorization') ?? ''
    const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1]
    if (!token) throw new Problem(401, 'Sign in first: the request has no bearer token.')
    const now = ctx.now().getTime()
    const claims = verifyJwt(token, ctx.secret, Math.floor(now / 1000))
    if (!claims) throw new Problem(401, 'The token is not valid or has expired. Sign in again.')
    const session = identity.liveSession(claims.sid, now)
    if (!session || session.user_id !== claims.sub)
      throw new Problem(401, 'This session has ended. Sign in again.')
    identity.touch(session, now)
    c.set('user', { userId: claims.sub, sessionId: claims.sid, roles: claims.roles ?? [] })
    const database = requireDatabase(config, c.req.header('service-database'))
    if (claims.db !== database)
      throw new Problem(
        401,
        `This token was issued for the ${claims.db ? `"${claims.db}"` : 'another'} database, not "${database}". Refresh it or sign in for "${database}".`,
      )
    c.set('database', database)
    c.set('db', ctx.business(database))
    await next()
  })

  app.route('/', sessionRoutes(ctx))
  app.route('/', eventRoutes(ctx))
  app.route('/', lookupRoutes())
  app.route('/', authRoutes(ctx))

  return {
    app,
    /**
     * The service as a fetch function: real logic, no network. A Node server passes its bindings
     * (`{ incoming, outgoing }`) as `env`, which is how sign-in learns the client's address; in
     * process there are none.
     */
    fetch: (request: Request, env?: unknown) => app.fetch(request, env),
    context: ctx,
    close() {
      for (const db of open.values()) db.close()
      open.clear()
      identity.db.close()
    },
  }
}

export type Sandbox = ReturnType<typeof createSandbox>
