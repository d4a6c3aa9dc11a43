import { TEXT_SIZE } from './text-sizes'
import { z } from './zod'

/*
 * The longest text the service stores in each text field, in characters (as JavaScript counts a
 * string's `length`): the limits of an event's and a schedule's fields, and the schemas that hold
 * a write's text to them; the sizes by kind of text are `text-sizes.ts`'s. An Auth's limits are
 * stated by its field table (`auth-fields.ts`), and `text-limits.ts` gathers them all. Event code
 * imports this module rather than that one, so it never carries the auth table.
 */

const { user: USER, term: TERM, name: NAME, flag: FLAG, note: NOTE } = TEXT_SIZE

export const EVENT_TEXT_LIMITS = {
  subject: 1_000,
  meta_Data: NOTE,
  event_Type: TERM,
  event_Processor: NAME,
  priority: TERM,
  status: TERM,
  user_ID: USER,
  entry_User: USER,
  update_User: USER,
} as const

/** Schedules are written by the service alone (no operation takes one); stored within these. */
export const SCHEDULE_TEXT_LIMITS = {
  description: 1_000,
  regeneration_Date_Part: FLAG,
  sound_File: 260,
  entry_User: USER,
  update_User: USER,
} as const

/** `1,000`: a limit or a count as the console and the service's messages write it. */
export const formatCount = (n: number) => n.toLocaleString('en-US')

/** The message for text over its limit. */
export const tooLongMessage = (max: number) => `Keep it to ${formatCount(max)} characters or fewer`

/** Text of at most `max` characters. */
export const limitedText = (max: number) => z.string().check(z.maxLength(max, tooLongMessage(max)))

/** Nullable text of at most `max` characters: a limited text field of a write. */
export const optLimitedText = (max: number) => z.nullish(limitedText(max))

/** The write shape of limited fields: each `optLimitedText` of its limit. */
export function limitedFields<L extends Record<string, number>>(
  limits: L,
): { [K in keyof L]: ReturnType<typeof optLimitedText> } {
  return Object.fromEntries(
    Object.entries(limits).map(([field, max]) => [field, optLimitedText(max)]),
  ) as { [K in keyof L]: ReturnType<typeof optLimitedText> }
}
