import { z } from './zod'

/** One item of a batch answer (`PUT /auths`, `PUT /events-batch`). */
export const batchItemResultSchema = z.looseObject({
  /** Identifies the item, e.g. `[{ key: 'event_ID', value: 42 }]`. */
  id: z.pipe(
    z.nullish(
      z.array(
        z.looseObject({
          key: z.string(),
          value: z.optional(z.union([z.string(), z.number(), z.null()])),
        }),
      ),
    ),
    z.transform((v) => v ?? []),
  ),
  /** The item's HTTP-like status: 200 updated, 201 created, 4xx/5xx failed. */
  status: z.int(),
  /** A message; an object body is kept as its JSON text. */
  body: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) =>
      v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v),
    ),
  ),
})

export const batchResultSchema = z.pipe(
  z.nullable(z.array(batchItemResultSchema)),
  z.transform((v) => v ?? []),
)

export type BatchItemResult = z.infer<typeof batchItemResultSchema>
export type BatchResult = z.infer<typeof batchResultSchema>

export const isBatchItemOk = (item: BatchItemResult) => item.status >= 200 && item.status < 300
