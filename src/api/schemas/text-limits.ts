import { z } from './zod'

/*
 * The longest text the service stores in each text field, in characters (as JavaScript counts a
 * string's `length`). One place for the service (a longer value in a write is refused with 400
 * naming the field), its OpenAPI document (`maxLength` of the write schemas) and the console's
 * forms (a counter under the field, and the form refusing longer). Reads are not limited: a
 * record another service wrote must stay readable whatever it holds.
 */

/** User IDs, as the service stamps them (entered by, updated by, assigned to). */
const USER = 100
/** Codes and identifiers (a provider ID, a plan ID, a procedure code). */
const CODE = 50
/** A word or short phrase from a list (a type, a status, a frequency). */
const TERM = 100
/** A name or a place. */
const NAME = 200
/** A one-letter flag such as Y or N, with room for a short code. */
const FLAG = 20
/** Free text written by people: notes, narratives, an event's metadata. */
const NOTE = 8_000

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

export const AUTH_TEXT_LIMITS = {
  auth_Number: 30,
  actual_Location: NAME,
  approved_By: USER,
  approved_Frequency: TERM,
  approved_Location: NAME,
  assigned_User: USER,
  audit_Flag: FLAG,
  auth_Code: FLAG,
  auth_Type: TERM,
  auto_Accident: FLAG,
  bodyCode_ID: CODE,
  case_Index_Actual: TERM,
  case_Index_Approved: TERM,
  case_Index_Denied: TERM,
  case_Index_Requested: TERM,
  case_Number: CODE,
  cityCode_ID: CODE,
  drG_Category: TERM,
  drG_Code: CODE,
  entry_User: USER,
  federal_ID: CODE,
  ivR_Flag: FLAG,
  member_Seq: CODE,
  narrative: NOTE,
  notes: NOTE,
  ordered_By_ID: CODE,
  ordered_By_Name: NAME,
  other_Coverage_Primary: FLAG,
  other_Insurance: NAME,
  payee_ID: CODE,
  plan_ID: CODE,
  previous_Auth: CODE,
  prior_Auth: CODE,
  provider_ID: CODE,
  referred_By_ID: CODE,
  referred_By_Name: NAME,
  region: TERM,
  requested_Frequency: TERM,
  requested_Location: NAME,
  service_Code: CODE,
  service_Type: TERM,
  status: TERM,
  subscriber_ID: CODE,
  tPlan_DownLoaded_User: USER,
  tPlan_Printed: FLAG,
  total_Unit_Type: TERM,
  treatment_Type: TERM,
  type_Of_Service: TERM,
  unit_Type: TERM,
  update_User: USER,
  work_Related: FLAG,
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
