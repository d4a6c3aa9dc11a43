import type { ApiClient, RequestOptions } from './client'
import { z } from './schemas/zod'

/* Who is signed in through the console server (`/console-api/sessions`), for administrators. */

export const seenSessionSchema = z.object({
  userId: z.string(),
  userName: z.nullable(z.string()),
  database: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  lastChangeAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  openTabs: z.int(),
})

export type SeenSession = z.infer<typeof seenSessionSchema>

export function listSessionsSeen(
  server: ApiClient,
  options: RequestOptions = {},
): Promise<SeenSession[]> {
  return server
    .request(
      {
        name: 'listSessionsSeen',
        method: 'GET',
        path: 'sessions',
        schema: z.object({ sessions: z.array(seenSessionSchema) }),
      },
      options,
    )
    .then((data) => data.sessions)
}
