import type { ApiClient, RequestOptions } from './client'
import { z } from './schemas/zod'

/*
 * The caller's auth breach alerts from the console server's register (`POST
 * /console-api/auths/alerts`): the auths they hold near or past their decision deadline, and those
 * escalated to them; `fresh` the first time each state is told. Apart from the register's
 * operations, as the header's bell asks it on every page.
 */

const alertsSchema = z.object({
  alerts: z.array(
    z.object({
      authNumber: z.string(),
      state: z.enum(['soon', 'overdue', 'escalated']),
      dueMs: z.number(),
      urgent: z.boolean(),
      assignedTo: z.nullable(z.string()),
      fresh: z.boolean(),
    }),
  ),
  warnHours: z.number(),
})
export type AuthAlerts = z.infer<typeof alertsSchema>
export type AuthAlert = AuthAlerts['alerts'][number]

export const getAuthAlerts = (server: ApiClient, now: number, options: RequestOptions = {}) =>
  server.request(
    {
      name: 'getAuthAlerts',
      method: 'POST',
      path: 'auths/alerts',
      body: { now },
      schema: alertsSchema,
    },
    options,
  )
