import { z } from 'zod'

/**
 * RFC 9457 problem details, parsed leniently: a member of the wrong type is ignored rather than
 * failing the whole answer, and `type` defaults to `about:blank`.
 */
export const problemSchema = z.looseObject({
  type: z
    .string()
    .nullish()
    .catch(undefined)
    .transform((v) => v ?? 'about:blank'),
  title: z.string().nullish().catch(undefined),
  status: z.number().int().nullish().catch(undefined),
  detail: z.string().nullish().catch(undefined),
  instance: z.string().nullish().catch(undefined),
  /** Field-level messages some problems carry (`{ field: message }`). */
  errors: z.record(z.string(), z.string()).nullish().catch(undefined),
})

export type Problem = z.infer<typeof problemSchema>
