import { z } from 'zod'

/** `data` of `POST /kick/{userId}` and `POST /kick`; the shape is not documented, so it is lenient. */
export const kickResultSchema = z
  .looseObject({
    user_ID: z.string().nullish(),
    sessionsEnded: z.number().int().nullish(),
  })
  .nullable()

export type KickResult = z.infer<typeof kickResultSchema>
