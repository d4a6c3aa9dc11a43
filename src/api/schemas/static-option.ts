import { z } from './zod'

const option = <K extends z.ZodMiniType>(key: K) =>
  z.looseObject({
    option_Key: key,
    display: z.nullish(z.string()),
    description: z.nullish(z.string()),
  })

/** Lookup entry whose key is a string (`/snoozes`, `/priorities`, `/claim-invoice-statuses`, `/report-args`). */
export const stringOptionSchema = option(z.string())
/** Lookup entry whose key is an integer (schedule intervals, days, months, actions, durations). */
export const integerOptionSchema = option(z.int())

const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullable(z.array(item)),
    z.transform((v) => v ?? []),
  )
export const stringOptionListSchema = listOf(stringOptionSchema)
export const integerOptionListSchema = listOf(integerOptionSchema)

export type StringOption = z.infer<typeof stringOptionSchema>
export type IntegerOption = z.infer<typeof integerOptionSchema>
export type StaticOption = StringOption | IntegerOption
