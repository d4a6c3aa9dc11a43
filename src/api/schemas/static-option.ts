import { z } from 'zod'

const option = <K extends z.ZodType>(key: K) =>
  z.looseObject({
    option_Key: key,
    display: z.string().nullish(),
    description: z.string().nullish(),
  })

/** Lookup entry whose key is a string (`/snoozes`, `/priorities`, `/claim-invoice-statuses`, `/report-args`). */
export const stringOptionSchema = option(z.string())
/** Lookup entry whose key is an integer (schedule intervals, days, months, actions, durations). */
export const integerOptionSchema = option(z.number().int())

export const stringOptionListSchema = z
  .array(stringOptionSchema)
  .nullable()
  .transform((v) => v ?? [])
export const integerOptionListSchema = z
  .array(integerOptionSchema)
  .nullable()
  .transform((v) => v ?? [])

export type StringOption = z.infer<typeof stringOptionSchema>
export type IntegerOption = z.infer<typeof integerOptionSchema>
export type StaticOption = StringOption | IntegerOption
