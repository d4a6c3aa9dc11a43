import { Hono } from 'hono'
import type { Sql } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { listSessionsSeen } from '../sessions-seen'

/*
 * `GET /console-api/session`: whether the caller's session still holds, answered by the gate
 * (the service asked at most once per token per verdict's lifetime, and at once after a sign-out
 * or kick passed through any instance). A tab's periodic check asks here rather than the service,
 * so the service's load does not grow with the open tabs. Says who the token is; no member data.
 * `GET /console-api/sessions`: the sessions seen through the server (`server/sessions-seen.ts`).
 */
export function sessionRoutes(storage: Sql) {
  const app = new Hono<{ Variables: { caller: Caller } }>()
  // Who is signed in through the server: for administrators, to end a session knowing whose.
  app.get('/sessions', async (c) => {
    if (!c.get('caller').roles.includes('admin'))
      return c.json(refusal(403, 'The list of sessions is open to administrators only.'), 403)
    return c.json({
      data: { sessions: await listSessionsSeen(storage, c.get('caller').database) },
      error: null,
      debug: { activityID: crypto.randomUUID() },
    })
  })
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
