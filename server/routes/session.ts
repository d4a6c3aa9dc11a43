import { Hono } from 'hono'
import type { Caller } from '../gate'

/*
 * `GET /console-api/session`: whether the caller's session still holds, answered by the gate
 * (the service asked at most once per token per verdict's lifetime, and at once after a sign-out
 * or kick passed through any instance). A tab's periodic check asks here rather than the service,
 * so the service's load does not grow with the open tabs. Says who the token is; no member data.
 */
export function sessionRoutes() {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  app.get('/session', (c) => {
    const { userId, name, roles, database } = c.get('caller')
    return c.json({
      data: { userId, name, roles, database },
      error: null,
      debug: { activityID: crypto.randomUUID() },
    })
  })
  return app
}
