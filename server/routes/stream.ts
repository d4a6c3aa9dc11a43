import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { ChangeFeed } from '../changes'
import { bearerOf, endsSession, VERDICT_TTL_MS, type Caller, type Gate } from '../gate'
import type { Change } from '../mirror/store'
import type { ScopeFor } from '../scope'
import type { SessionsSeen } from '../sessions-seen'
import type { Storage } from '../db/storage'
import { tabClosed, tabOpened } from './presence'

/*
 * `GET /console-api/stream`: Server-Sent Events, one `change` message for every change of the
 * mirror of the caller's database (from a look for changes, a sweep or a write through any
 * instance), with the database, kind, ID, update_Date and whether it was stored or deleted; never
 * member data. The token is shown to the service again every `recheckMs`, and at once when a
 * sign-out or kick passed through the console names its session; once refused, an `end` message
 * closes the stream.
 */
export function streamRoutes(
  feed: ChangeFeed,
  gate: Gate,
  options: {
    recheckMs?: number
    heartbeatMs?: number
    scopeFor?: ScopeFor
    /** Counts the stream as an open tab of its session. */
    sessionsSeen?: SessionsSeen
    /** The tab named by `?tab=` is present on its records while its stream is open. */
    presence?: { storage: Storage; instanceId: string }
  } = {},
) {
  const recheckMs = options.recheckMs ?? VERDICT_TTL_MS
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/stream', (c) => {
    const caller = c.get('caller')
    const token = bearerOf(c.req.header('authorization'))!
    return streamSSE(c, async (stream) => {
      const queue: Change[] = []
      let wake: (() => void) | null = null
      let ended: 'refused' | 'closed' | null = null
      const nudge = () => {
        wake?.()
        wake = null
      }
      // A caller who finds only some events is told that something changed, never which: the
      // views ask the server again, which answers within their scope.
      const scoped = options.scopeFor?.(caller) ?? null
      const unsubscribe = feed.subscribe(
        (change) => {
          if (change.database !== caller.database) return
          queue.push(scoped ? { ...change, id: '', update_Date: null, op: 'upsert' } : change)
          nudge()
        },
        // The feed was cut: changes may have gone unheard. The stream ends, and the browser,
        // opening it again, reads what it may have missed.
        () => {
          ended ??= 'closed'
          nudge()
        },
      )
      stream.onAbort(() => {
        ended = 'closed'
        nudge()
      })
      const checkAgain = () =>
        void gate.check(token, caller.database).then((verdict) => {
          if (verdict === 'refused') {
            ended ??= 'refused'
            nudge()
          }
        })
      const recheck = setInterval(checkAgain, recheckMs)
      // A sign-out or kick passed through the console: asked at once, not at the next recheck.
      const stopForget = gate.onForget((end) => {
        if (endsSession(end, caller.tokenHash, caller.userId)) checkAgain()
      })
      const heartbeat = setInterval(() => {
        // A comment line keeps proxies from closing a quiet stream.
        void stream.write(': ping\n\n').catch(() => undefined)
      }, heartbeatMs)
      const tab = c.req.query('tab')
      const streamId = crypto.randomUUID()
      const present =
        tab && options.presence
          ? tabOpened(
              options.presence.storage,
              tab,
              caller.tokenHash,
              options.presence.instanceId,
              streamId,
            )
              .then(() => true)
              .catch(() => false)
          : Promise.resolve(false)
      const counted = options.sessionsSeen
        ?.tab(caller.tokenHash, 1)
        .then(() => true)
        .catch(() => false)
      try {
        await stream.writeSSE({
          event: 'ready',
          data: JSON.stringify({ database: caller.database }),
        })
        while (ended === null) {
          const change = queue.shift()
          if (change) {
            await stream.writeSSE({ event: 'change', data: JSON.stringify(change) })
            continue
          }
          await new Promise<void>((resolve) => (wake = resolve))
        }
        if (ended === 'refused')
          await stream.writeSSE({
            event: 'end',
            data: JSON.stringify({ reason: 'The service no longer accepts this token.' }),
          })
      } finally {
        clearInterval(recheck)
        stopForget()
        clearInterval(heartbeat)
        unsubscribe()
        if (await counted) await options.sessionsSeen!.tab(caller.tokenHash, -1).catch(() => {})
        if (await present)
          await tabClosed(options.presence!.storage, tab!, caller.tokenHash, streamId).catch(
            () => {},
          )
      }
    })
  })
  return app
}
