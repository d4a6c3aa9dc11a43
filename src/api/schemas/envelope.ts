import { z } from './zod'
import { problemSchema } from './problem'

/** `debug` of every response: `activityID` identifies the request in the service's logs. */
export const debugSchema = z.looseObject({ activityID: z.string() })

/**
 * The envelope every operation answers with. `data` is validated separately by the operation's
 * own schema, so that a shape mismatch can name the operation and the field path.
 */
export const envelopeSchema = z.looseObject({
  data: z.optional(z.unknown()),
  error: z.catch(z.nullish(problemSchema), undefined),
  debug: z.catch(z.nullish(debugSchema), undefined),
})

export type Envelope = z.infer<typeof envelopeSchema>
export type Debug = z.infer<typeof debugSchema>
