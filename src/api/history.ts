import type { ApiClient, RequestOptions } from './client'
import { z } from './schemas/zod'

/*
 * A record's history from the console server (`/console-api/history/{kind}/{id}`): its changes,
 * newest first, made through the console (who, as signed in) or met in the service past it (who,
 * as the service says).
 */

export const historyChangeSchema = z.object({
  id: z.int(),
  at: z.string(),
  userId: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  through: z.enum(['console', 'service']),
  operation: z.string(),
  fields: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  madeByEarlierAttempt: z.boolean(),
})

export type HistoryChange = z.infer<typeof historyChangeSchema>

export function getHistory(
  server: ApiClient,
  kind: 'event' | 'auth',
  id: string,
  options: RequestOptions = {},
): Promise<HistoryChange[]> {
  return server
    .request(
      {
        name: 'getHistory',
        method: 'GET',
        path: `history/${kind}/${encodeURIComponent(id)}`,
        schema: z.object({ changes: z.array(historyChangeSchema) }),
      },
      options,
    )
    .then((data) => data.changes)
}
