import type { ApiClient, RequestOptions } from './client'
import { noDataSchema } from './client'
import { z } from './schemas/zod'

/* Who has a record open through the console server (`/console-api/presence`), and who edits it. */

export const presentSchema = z.object({
  userId: z.string(),
  userName: z.nullable(z.string()),
  editing: z.boolean(),
  openedAt: z.string(),
  editingSince: z.nullable(z.string()),
})

export type Present = z.infer<typeof presentSchema>

export interface Here {
  tab: string
  kind: 'event' | 'auth'
  id: string
  editing: boolean
}

/** Says this tab has the record open (again: it counts for 45 seconds). */
export const sayHere = (server: ApiClient, here: Here, options: RequestOptions = {}) =>
  server.request(
    { name: 'sayPresence', method: 'PUT', path: 'presence', body: here, schema: noDataSchema },
    options,
  )

/** The others who have the record open, those editing first. */
export const othersHere = (
  server: ApiClient,
  kind: 'event' | 'auth',
  id: string,
  tab: string,
  options: RequestOptions = {},
) =>
  server
    .request(
      {
        name: 'listPresence',
        method: 'GET',
        path: `presence/${kind}/${encodeURIComponent(id)}`,
        query: { tab },
        schema: z.object({ others: z.array(presentSchema) }),
      },
      options,
    )
    .then((d) => d.others)

export const openerSchema = z.object({
  userId: z.string(),
  userName: z.nullable(z.string()),
  editing: z.boolean(),
})

export type Opener = z.infer<typeof openerSchema>

/** Of these records (a list's page), those other users have open, and who. */
export const openByOthers = (
  server: ApiClient,
  kind: 'event' | 'auth',
  ids: readonly string[],
  options: RequestOptions = {},
) =>
  server
    .request(
      {
        name: 'listOpenRecords',
        method: 'POST',
        path: 'presence/open',
        body: { kind, ids },
        schema: z.object({ open: z.record(z.string(), z.array(openerSchema)) }),
      },
      options,
    )
    .then((d) => d.open)
