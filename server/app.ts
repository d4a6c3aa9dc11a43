import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ChangeFeed } from './changes'
import type { ServerConfig } from './config'
import type { Storage } from './db/storage'
import { bearerOf, refusal, sha256, type Caller, type Gate } from './gate'
import { readClaims } from './service/account'
import { createSessionsSeen, endSessionsSeen, type SessionsSeen } from './sessions-seen'
import { proxyRoutes } from './proxy'
import { auditRoutes } from './routes/audit'
import { eventCalendarRoutes } from './routes/event-calendar'
import { eventQueryRoutes } from './routes/event-query'
import { createAnswerCache, type AnswerCache } from './answer-cache'
import type { Foreground } from './foreground'
import { eventRoutes } from './routes/events'
import { historyRoutes } from './routes/history'
import { noteRoutes } from './routes/notes'
import { endPresence, presenceRoutes } from './routes/presence'
import { healthRoutes } from './routes/health'
import { mirrorListRoutes } from './routes/mirror-list'
import { sessionRoutes } from './routes/session'
import { streamRoutes } from './routes/stream'
import { viewRoutes } from './routes/views'
import { registerRoutes } from './routes/register'
import { scopeOf, type ScopeFor } from './scope'
import { refuseUnstorable } from './stored-text'
import type { ServiceReader } from './service/reader'

export interface AppDeps {
  config: ServerConfig
  storage: Storage
  gate: Gate
  feed: ChangeFeed
  reader: ServiceReader
  /** How the service is reached (tests count the requests). */
  fetch?: typeof fetch
  /** How often a stream shows its token to the service again. */
  recheckMs?: number
  /** This instance's ID, alive while it runs (it owns the keys of the writes it sends). */
  instanceId: string
  /** Answers kept until their database's events change (made from the feed when not given). */
  answers?: AnswerCache
  /** Who is signed in through the server (made from the storage when not given). */
  sessionsSeen?: SessionsSeen
  /** Counts the requests being answered, which background work waits for. */
  foreground?: Foreground
}

/** The largest body the server's own routes read (a query, a list of IDs). */
export const OWN_BODY_MAX_BYTES = 256 * 1024

export type ConsoleEnv = { Variables: { caller: Caller } }

function sameSite(origin: string, host: string | undefined) {
  try {
    return host !== undefined && new URL(origin).host === host
  } catch {
    return false
  }
}

/** The console's server as a Hono app: `/console-api/*` of its own, `/api/*` passed through. */
export function createConsoleApp(deps: AppDeps) {
  const app = new Hono<ConsoleEnv>()
  if (deps.foreground) app.use('*', deps.foreground.middleware)
  app.use('*', async (c, next) => {
    await next()
    // Answers may hold member data: no browser or proxy cache may keep them.
    c.res.headers.set('cache-control', 'no-store')
    c.res.headers.set('x-content-type-options', 'nosniff')
  })
  // Another site's page never gets an answer: a browser names the page's origin on every
  // cross-origin request, and it must be the address the request came to (the console's own).
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin')
    if (
      origin !== undefined &&
      !sameSite(origin, c.req.header('x-forwarded-host') ?? c.req.header('host'))
    )
      return c.json(refusal(403, 'Requests from another site are refused.'), 403)
    await next()
  })
  app.onError((error, c) => {
    // The message of an unexpected error may quote a request; only its kind is logged.
    console.error('server: unhandled error:', error.name)
    return c.json(refusal(500, 'The console server failed to handle this request.'), 500)
  })
  app.notFound((c) => c.json(refusal(404, 'There is no such route.'), 404))

  const sessionsSeen = deps.sessionsSeen ?? createSessionsSeen(deps.storage, deps.instanceId)
  const answers =
    deps.answers ??
    createAnswerCache(deps.feed, async (database) => {
      const { rows } = await deps.storage.query<{ phase: string }>(
        'SELECT phase FROM mirror_state WHERE database = $1',
        [database],
      )
      return rows[0]?.phase === 'ready'
    })
  const own = new Hono<ConsoleEnv>()
  // The server's own questions are small: a larger body is refused while it arrives, unread.
  own.use(
    '*',
    bodyLimit({
      maxSize: OWN_BODY_MAX_BYTES,
      onError: (c) => {
        c.header('connection', 'close')
        return c.json(refusal(413, 'The request body is larger than 256 kB.'), 413)
      },
    }),
  )
  // A token the service refuses (a 401 from the gate) is a session that has ended.
  own.use('*', async (c, next) => {
    await next()
    const token = bearerOf(c.req.header('authorization'))
    const database = c.req.query('database') ?? c.req.header('service-database')
    if (c.res.status === 401 && token && database)
      await deps.storage
        .transaction(async (tx) => {
          await endSessionsSeen(tx, { tokenHash: sha256(token) }, database)
          await endPresence(tx, { tokenHash: sha256(token) }, database)
        })
        .catch(() => undefined)
  })
  own.use('*', deps.gate.middleware)
  own.use('*', refuseUnstorable)
  own.use('*', async (c, next) => {
    const exp = readClaims(bearerOf(c.req.header('authorization')) ?? '')?.exp
    sessionsSeen.seen(c.get('caller'), typeof exp === 'number' ? exp * 1000 : null)
    await next()
  })
  own.route('/', healthRoutes(deps.storage, deps.config.databases, answers))
  const scopeFor: ScopeFor = (caller) => scopeOf(caller, deps.config)
  own.route('/', eventRoutes(deps.storage, scopeFor))
  own.route('/', eventQueryRoutes(deps.storage, scopeFor, answers))
  own.route('/', eventCalendarRoutes(deps.storage, scopeFor, answers))
  own.route('/', mirrorListRoutes(deps))
  own.route('/', sessionRoutes(deps.storage))
  own.route('/', auditRoutes(deps.storage, deps.config))
  own.route('/', historyRoutes(deps.storage, scopeFor))
  own.route('/', noteRoutes(deps.storage, scopeFor))
  own.route('/', presenceRoutes(deps.storage, scopeFor))
  own.route('/', viewRoutes(deps.storage))
  own.route('/', registerRoutes(deps.storage, deps.config, answers))
  own.route(
    '/',
    streamRoutes(deps.feed, deps.gate, {
      recheckMs: deps.recheckMs,
      scopeFor,
      sessionsSeen,
      presence: { storage: deps.storage, instanceId: deps.instanceId },
    }),
  )
  app.route('/console-api', own)
  app.route('/api', proxyRoutes({ ...deps, answers }))
  return app
}
