import { z } from './zod'

/**
 * RFC 9457 problem details, parsed leniently: a member of the wrong type is ignored rather than
 * failing the whole answer, and `type` defaults to `about:blank`.
 */
/** A member that is absent, null or of the wrong type reads as absent. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullish(schema), undefined)

export const problemSchema = z.looseObject({
  type: z.pipe(
    lenient(z.string()),
    z.transform((v) => v ?? 'about:blank'),
  ),
  title: lenient(z.string()),
  status: lenient(z.int()),
  detail: lenient(z.string()),
  instance: lenient(z.string()),
  /** Field-level messages some problems carry (`{ field: message }`). */
  errors: lenient(z.record(z.string(), z.string())),
})

export type Problem = z.infer<typeof problemSchema>
