import type { MiddlewareHandler } from 'hono'

/*
 * People before background work. The server's own readers (the register's re-reads of the
 * auths it holds) wait while a person's request is being answered, and a moment after it, so a
 * page's question does not wait behind them for a connection and the machine's cores. A reader never waits longer than `maxWaitMs` for its
 * turn: under a steady stream of requests it goes on, one read each `maxWaitMs`.
 */

export interface Foreground {
  /** Counts a request as in flight until its answer is made (an event stream is not counted). */
  middleware: MiddlewareHandler
  /** Resolves once no request has been in flight for `quietMs`, or after `maxWaitMs`. */
  quiet(): Promise<void>
  /** Requests in flight now. */
  busy(): number
}

/** How long after the last answer background work waits, and the longest it waits at all. */
export const FOREGROUND_QUIET_MS = 150
export const FOREGROUND_MAX_WAIT_MS = 2000
const LOOK_MS = 20

export function createForeground(
  options: { quietMs?: number; maxWaitMs?: number; now?: () => number } = {},
): Foreground {
  const quietMs = options.quietMs ?? FOREGROUND_QUIET_MS
  const maxWaitMs = options.maxWaitMs ?? FOREGROUND_MAX_WAIT_MS
  const now = options.now ?? Date.now
  let inFlight = 0
  let lastEnded = -Infinity
  const calm = () => inFlight === 0 && now() - lastEnded >= quietMs
  return {
    middleware: async (c, next) => {
      // A stream stays open for the whole session: it is no request being waited on.
      if (c.req.path.endsWith('/stream') || c.req.header('accept')?.includes('text/event-stream'))
        return next()
      inFlight++
      try {
        await next()
      } finally {
        inFlight--
        lastEnded = now()
      }
    },
    async quiet() {
      const until = now() + maxWaitMs
      while (!calm() && now() < until)
        await new Promise((resolve) => setTimeout(resolve, Math.min(LOOK_MS, until - now())))
    },
    busy: () => inFlight,
  }
}
