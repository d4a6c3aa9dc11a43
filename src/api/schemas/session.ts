import { z } from './zod'

/** `data` of `POST /kick/{userId}` and `POST /kick`; the shape is not documented, so it is lenient. */
export const kickResultSchema = z.nullable(
  z.looseObject({
    user_ID: z.nullish(z.string()),
    sessionsEnded: z.nullish(z.int()),
  }),
)

export type KickResult = z.infer<typeof kickResultSchema>
